import { ConfigDocumentSchema, documentPath, message, type ConfigDocument, type ConfigDocumentInput } from '@tollgate/contract';
import { parse, stringify, YAMLParseError } from 'yaml';
import { fail } from '../../http/errors.js';
import { invalidDocumentField, invalidField } from './import-error.js';

export type DocumentFormat = 'json' | 'yaml';

export const formatDocument = (document: ConfigDocumentInput, format: DocumentFormat): string =>
  format === 'yaml' ? stringify(document, { lineWidth: 0 }) : `${JSON.stringify(document, null, 2)}\n`;

/** JSON or YAML text (YAML reads JSON too), refused with the line where it breaks. */
export function parseDocumentText(text: string): unknown {
  try {
    return parse(text, { maxAliasCount: 100 }) as unknown;
  } catch (error) {
    if (error instanceof YAMLParseError) throw fail('config.not_json_or_yaml', { detail: error.message.split('\n')[0] ?? '' });
    throw error;
  }
}

/** Checks a whole document before anything is read from the database; the first problem names its field. */
export function validateDocument(input: unknown): ConfigDocument {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw fail('config.not_an_object');
  const result = ConfigDocumentSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = (issue ? documentPath(issue.path) : '') || message('config.document');
  if (!issue) throw fail('config.not_an_object');
  if (issue.code === 'unrecognized_keys') throw invalidField(path, message('config.reason.unknown_fields', { fields: issue.keys.join(', ') }));
  throw invalidDocumentField(path, issue);
}

import { ConfigDocumentSchema, documentPath, type ConfigDocument, type ConfigDocumentInput } from '@tollgate/contract';
import { parse, stringify, YAMLParseError } from 'yaml';
import { fail } from '../../http/errors.js';
import { invalidField } from './import-error.js';

export type DocumentFormat = 'json' | 'yaml';

export const formatDocument = (document: ConfigDocumentInput, format: DocumentFormat): string =>
  format === 'yaml' ? stringify(document, { lineWidth: 0 }) : `${JSON.stringify(document, null, 2)}\n`;

/** JSON or YAML text (YAML reads JSON too), refused with the line where it breaks. */
export function parseDocumentText(text: string): unknown {
  try {
    return parse(text, { maxAliasCount: 100 }) as unknown;
  } catch (error) {
    if (error instanceof YAMLParseError) throw fail(`the document is neither valid JSON nor valid YAML: ${error.message.split('\n')[0]}`, 'invalid_config');
    throw error;
  }
}

/** Checks a whole document before anything is read from the database; the first problem names its field. */
export function validateDocument(input: unknown): ConfigDocument {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw fail('the document must be an object with a version field', 'invalid_config');
  const result = ConfigDocumentSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue ? documentPath(issue.path) : '';
  const reason = issue?.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : (issue?.message ?? 'invalid document');
  throw invalidField(path || 'document', reason);
}

import type { MessageParam, MessageRef } from '@tollgate/contract';
import type { z } from 'zod';
import { fail } from '../../http/errors.js';
import { reasonOf } from '../../http/validation.js';

/** A document refused: the message names the field by its path in the document, e.g. `channels[3].type: ...`. */
export const invalidField = (path: MessageParam, reason: MessageRef) => fail('config.invalid_field', { path, reason });

/** A document the schema refused, at its first problem: zod's English text, or the catalog's reason in Chinese. */
export const invalidDocumentField = (path: MessageParam, issue: z.core.$ZodIssue) =>
  fail('config.invalid_document_field', { path, detail: issue.message, reason: reasonOf(issue) });

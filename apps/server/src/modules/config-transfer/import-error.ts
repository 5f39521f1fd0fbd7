import { fail } from '../../http/errors.js';

/** A document refused: the message names the field by its path in the document, e.g. `channels[3].type: ...`. */
export const invalidField = (path: string, reason: string) => fail(`${path}: ${reason}`, 'invalid_config');

import type { RelayRequest } from '../relay-exchange.js';
import { perUnitCharge } from '../billing/unit-breakdown.js';
import { relayError } from '../relay-error.js';
import { readJsonInput, readMultipartInput } from '../request-input.js';
import { twoRatioText, type ModeRules } from './mode-rules.js';

const MAX_SPEECH_CHARACTERS = 4096;

/** Text to speech: priced per input character, known up front (tts-1 ratio 7.5 = $0.015 per 1K characters). */
export const speechRules: ModeRules = {
  readInput(request: RelayRequest) {
    const input = readJsonInput('speech', request.body);
    if (String(input.json.input).length > MAX_SPEECH_CHARACTERS) throw relayError.invalidRequest(`input is longer than ${MAX_SPEECH_CHARACTERS} characters`, 'text_too_long');
    return input;
  },
  reservation: (_ctx, plan, input) => Math.ceil(String(input.json.input).length * plan.price.modelRatio * plan.price.groupRatio),
  charge: async (_ctx, plan, input) => {
    const characters = String(input.json.input).length;
    return { ...perUnitCharge('character', characters, plan.price, twoRatioText(plan)), usage: { promptTokens: characters, completionTokens: 0 } };
  },
};

/**
 * Transcription and translation: the PreConsumedQuota is reserved, and the charge is the transcript's
 * tokens at the model and group ratios (one-api forgot the ratios).
 */
export const transcriptionRules: ModeRules = {
  readInput: (request: RelayRequest) => readMultipartInput(request.body, String(request.headers['content-type'] ?? '')),
  reservation: (ctx, plan) => Math.ceil(ctx.options.num('PreConsumedQuota') * plan.price.modelRatio * plan.price.groupRatio),
  charge: async (_ctx, plan, _input, outcome) => {
    const tokens = await outcome.generatedTokens();
    return { ...perUnitCharge('transcript', tokens, plan.price, twoRatioText(plan)), usage: { promptTokens: 0, completionTokens: tokens } };
  },
};

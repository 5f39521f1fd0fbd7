import { InvalidArgument } from './invalid-argument.js';
import { PART_KINDS, type ClientContent, type GenerateRequest } from './request-types.js';

/**
 * Checks a generateContent body (camelCased) the way Google refuses bad ones, before anything is charged:
 * the first problem is reported with the path of its field. What is not checked here is passed on as sent.
 * Docs: https://ai.google.dev/api/generate-content#request-body
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const ROLES = new Set(['user', 'model']);
/** The fields of a part Tollgate knows: its kinds, and what may accompany one. */
const KNOWN_PART_FIELDS = new Set<string>([...PART_KINDS, 'thought', 'thoughtSignature', 'videoMetadata', 'partMetadata', 'mediaResolution']);
const CALLING_MODES = new Set(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']);
const NUMBERS = ['temperature', 'topP', 'topK', 'candidateCount', 'seed', 'presencePenalty', 'frequencyPenalty'] as const;

export function validateGenerate(body: Json): GenerateRequest {
  validateContents(body.contents, 'contents');
  validateSystem(body.systemInstruction);
  validateTools(body.tools);
  validateToolConfig(body.toolConfig);
  validateGenerationConfig(body.generationConfig);
  if (body.cachedContent !== undefined && typeof body.cachedContent !== 'string') throw new InvalidArgument('cachedContent', 'must be a string');
  return body as unknown as GenerateRequest;
}

export function validateContents(contents: unknown, field: string): asserts contents is ClientContent[] {
  if (contents === undefined) throw new InvalidArgument(field, 'contents is required');
  if (!Array.isArray(contents)) throw new InvalidArgument(field, 'must be a list of Content');
  if (contents.length === 0) throw new InvalidArgument(field, 'must not be empty');
  contents.forEach((content, index) => {
    const at = `${field}[${index}]`;
    if (!isObject(content)) throw new InvalidArgument(at, 'must be a Content object');
    if (content.role !== undefined && !ROLES.has(content.role as string)) throw new InvalidArgument(`${at}.role`, 'must be "user" or "model"');
    validateParts(content.parts, `${at}.parts`);
  });
}

export function validateParts(parts: unknown, field: string): void {
  if (!Array.isArray(parts) || parts.length === 0) throw new InvalidArgument(field, 'must be a non-empty list of Part');
  parts.forEach((part, index) => validatePart(part, `${field}[${index}]`));
}

/** A field that, when present, must be text. */
function text(value: unknown, field: string) {
  if (value !== undefined && typeof value !== 'string') throw new InvalidArgument(field, 'must be a string');
}

function validatePart(part: unknown, at: string) {
  if (!isObject(part)) throw new InvalidArgument(at, 'must be a Part object');
  // A part of a kind newer than Tollgate passes (a conversion leaves it out); one that carries only metadata is empty.
  const newer = Object.keys(part).some((key) => !KNOWN_PART_FIELDS.has(key));
  if (!newer && !PART_KINDS.some((kind) => part[kind] !== undefined)) throw new InvalidArgument(at, `a part must carry one of ${PART_KINDS.join(', ')}`);
  text(part.text, `${at}.text`);
  text(part.thoughtSignature, `${at}.thoughtSignature`);
  if (part.thought !== undefined && typeof part.thought !== 'boolean') throw new InvalidArgument(`${at}.thought`, 'must be a boolean');
  if (part.inlineData !== undefined) {
    const blob = part.inlineData;
    if (!isObject(blob) || typeof blob.mimeType !== 'string' || !blob.mimeType) throw new InvalidArgument(`${at}.inlineData.mimeType`, 'is required');
    if (typeof blob.data !== 'string') throw new InvalidArgument(`${at}.inlineData.data`, 'must be base64 data');
  }
  if (part.fileData !== undefined) {
    if (!isObject(part.fileData)) throw new InvalidArgument(`${at}.fileData`, 'must be a FileData object');
    text(part.fileData.mimeType, `${at}.fileData.mimeType`);
    if (typeof part.fileData.fileUri !== 'string' || !part.fileData.fileUri) throw new InvalidArgument(`${at}.fileData.fileUri`, 'is required');
  }
  for (const kind of ['functionCall', 'functionResponse'] as const) {
    const call = part[kind];
    if (call === undefined) continue;
    if (!isObject(call) || typeof call.name !== 'string' || !call.name) throw new InvalidArgument(`${at}.${kind}.name`, 'is required');
    const value = kind === 'functionCall' ? call.args : call.response;
    if (value !== undefined && !isObject(value)) throw new InvalidArgument(`${at}.${kind}.${kind === 'functionCall' ? 'args' : 'response'}`, 'must be an object');
    text(call.id, `${at}.${kind}.id`);
  }
  // A multimodal function response's parts (the images a function returned) are read as any other parts.
  const inner = isObject(part.functionResponse) ? part.functionResponse.parts : undefined;
  if (inner !== undefined) {
    if (!Array.isArray(inner)) throw new InvalidArgument(`${at}.functionResponse.parts`, 'must be a list of Part');
    inner.forEach((nested, index) => validatePart(nested, `${at}.functionResponse.parts[${index}]`));
  }
  for (const [kind, fields] of [
    ['executableCode', ['language', 'code']],
    ['codeExecutionResult', ['outcome', 'output']],
  ] as const) {
    const value = part[kind];
    if (value === undefined) continue;
    if (!isObject(value)) throw new InvalidArgument(`${at}.${kind}`, 'must be an object');
    for (const field of fields) text(value[field], `${at}.${kind}.${field}`);
  }
}

function validateSystem(system: unknown) {
  if (system === undefined || typeof system === 'string') return;
  if (!isObject(system)) throw new InvalidArgument('systemInstruction', 'must be a Content object');
  validateParts(system.parts, 'systemInstruction.parts');
}

function validateTools(tools: unknown) {
  if (tools === undefined) return;
  if (!Array.isArray(tools)) throw new InvalidArgument('tools', 'must be a list of Tool');
  tools.forEach((tool, index) => {
    if (!isObject(tool)) throw new InvalidArgument(`tools[${index}]`, 'must be a Tool object');
    const declarations = tool.functionDeclarations;
    if (declarations === undefined) return;
    if (!Array.isArray(declarations)) throw new InvalidArgument(`tools[${index}].functionDeclarations`, 'must be a list');
    declarations.forEach((declaration, at) => {
      const field = `tools[${index}].functionDeclarations[${at}]`;
      if (!isObject(declaration) || typeof declaration.name !== 'string' || !declaration.name) throw new InvalidArgument(`${field}.name`, 'is required');
      if (declaration.parameters !== undefined && !isObject(declaration.parameters)) throw new InvalidArgument(`${field}.parameters`, 'must be a Schema object');
      if (declaration.parametersJsonSchema !== undefined && !isObject(declaration.parametersJsonSchema)) throw new InvalidArgument(`${field}.parametersJsonSchema`, 'must be a JSON Schema object');
      text(declaration.description, `${field}.description`);
    });
  });
}

function validateToolConfig(config: unknown) {
  if (config === undefined) return;
  const calling = isObject(config) ? config.functionCallingConfig : undefined;
  if (!isObject(config) || (calling !== undefined && !isObject(calling))) throw new InvalidArgument('toolConfig.functionCallingConfig', 'must be an object');
  const mode = calling?.mode;
  if (mode !== undefined && (typeof mode !== 'string' || !CALLING_MODES.has(mode.toUpperCase()))) throw new InvalidArgument('toolConfig.functionCallingConfig.mode', 'must be AUTO, ANY, NONE or VALIDATED');
  const names = calling?.allowedFunctionNames;
  if (names !== undefined && (!Array.isArray(names) || names.some((name) => typeof name !== 'string'))) {
    throw new InvalidArgument('toolConfig.functionCallingConfig.allowedFunctionNames', 'must be a list of names');
  }
}

function validateGenerationConfig(config: unknown) {
  if (config === undefined) return;
  if (!isObject(config)) throw new InvalidArgument('generationConfig', 'must be an object');
  for (const name of NUMBERS) if (config[name] !== undefined && typeof config[name] !== 'number') throw new InvalidArgument(`generationConfig.${name}`, 'must be a number');
  const max = config.maxOutputTokens;
  if (max !== undefined && (!Number.isInteger(max) || (max as number) < 0)) throw new InvalidArgument('generationConfig.maxOutputTokens', 'must be a non-negative integer');
  const stops = config.stopSequences;
  if (stops !== undefined && (!Array.isArray(stops) || stops.some((stop) => typeof stop !== 'string'))) throw new InvalidArgument('generationConfig.stopSequences', 'must be a list of strings');
  const thinking = config.thinkingConfig;
  if (thinking === undefined) return;
  if (!isObject(thinking)) throw new InvalidArgument('generationConfig.thinkingConfig', 'must be an object');
  if (thinking.thinkingBudget !== undefined && !Number.isInteger(thinking.thinkingBudget)) throw new InvalidArgument('generationConfig.thinkingConfig.thinkingBudget', 'must be an integer');
  if (thinking.thinkingLevel !== undefined && typeof thinking.thinkingLevel !== 'string') throw new InvalidArgument('generationConfig.thinkingConfig.thinkingLevel', 'must be a thinking level');
}

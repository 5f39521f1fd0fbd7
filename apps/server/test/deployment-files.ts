import fs from 'node:fs';
import path from 'node:path';
import { repo } from './node-process.js';

/**
 * Reads what the container files tell a node, so tests can start the server the way the image and the
 * compose file would, without Docker. The readers handle the shapes these two files use, not all of YAML
 * or of the Dockerfile syntax; a shape they do not know fails loudly rather than being skipped.
 */

export interface ImageStart {
  /** ENV of the final stage. */
  env: Record<string, string>;
  /** CMD of the final stage, as its exec-form array. */
  command: string[];
  /** The WORKDIR the command runs in. */
  workdir: string;
}

/** The final stage (after the last FROM) of the Dockerfile: its ENV, WORKDIR and CMD. */
export function readImageStart(file = path.join(repo, 'Dockerfile')): ImageStart {
  // Continuation lines joined, comments dropped.
  const lines = fs.readFileSync(file, 'utf8').replace(/\\\n\s*/g, ' ').split('\n').filter((line) => line.trim() && !line.trimStart().startsWith('#'));
  const finalStage = lines.slice(lines.findLastIndex((line) => /^FROM\s/i.test(line)));
  const env: Record<string, string> = {};
  let command: string[] | undefined;
  let workdir = '/';
  for (const line of finalStage) {
    const [instruction = '', ...rest] = line.trim().split(/\s+/);
    const argument = rest.join(' ');
    if (/^ENV$/i.test(instruction)) {
      for (const pair of argument.split(/\s+/)) {
        const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(pair);
        if (!match) throw new Error(`ENV ${pair}: only KEY=value pairs without spaces are read`);
        env[match[1] ?? ''] = match[2] ?? '';
      }
    }
    if (/^WORKDIR$/i.test(instruction)) workdir = argument;
    if (/^CMD$/i.test(instruction)) command = JSON.parse(argument) as string[];
  }
  if (!command) throw new Error('the final stage has no CMD');
  return { env, command, workdir };
}

/**
 * The environment: block of each service of docker-compose.yml, with `<<: *anchor` merged from the
 * top-level mapping that defines the anchor, and `${NAME:-default}` / `${NAME:?message}` substituted from
 * `variables` (as compose does from the shell), else their default.
 */
export function readComposeEnvironments(variables: Record<string, string>, file = path.join(repo, 'docker-compose.yml')): Record<string, Record<string, string>> {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const anchors = new Map<string, Record<string, string>>();
  const services: Record<string, Record<string, string>> = {};

  /** The KEY: value lines (and merges) indented under line `start`. */
  const readMapping = (start: number): Record<string, string> => {
    const mapping: Record<string, string> = {};
    const indent = indentOf(lines[start] ?? '');
    for (let i = start + 1; i < lines.length; i += 1) {
      const line = lines[i] ?? '';
      if (!line.trim() || line.trimStart().startsWith('#')) continue;
      if (indentOf(line) <= indent) break;
      const merge = /^\s*<<:\s*\*([\w-]+)\s*$/.exec(line);
      if (merge) {
        const anchored = anchors.get(merge[1] ?? '');
        if (!anchored) throw new Error(`docker-compose.yml: unknown anchor ${merge[1]}`);
        Object.assign(mapping, anchored);
        continue;
      }
      const pair = /^\s*([A-Za-z_][A-Za-z0-9_]*):\s*(.*)$/.exec(line);
      if (!pair) throw new Error(`docker-compose.yml: cannot read environment line ${JSON.stringify(line)}`);
      mapping[pair[1] ?? ''] = substitute(unquote(pair[2] ?? ''), variables);
    }
    return mapping;
  };

  let service: string | undefined;
  let inServices = false;
  for (const [index, line] of lines.entries()) {
    const anchor = /^([\w-]+):\s*&([\w-]+)\s*$/.exec(line);
    if (anchor) anchors.set(anchor[2] ?? '', readMapping(index));
    if (/^\S/.test(line)) inServices = line.startsWith('services:');
    const serviceLine = /^ {2}([\w-]+):\s*$/.exec(line);
    if (inServices && serviceLine) service = serviceLine[1];
    if (inServices && service && /^ {4}environment:\s*$/.test(line)) services[service] = readMapping(index);
  }
  return services;
}

function unquote(value: string): string {
  const match = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
  return match ? (match[1] ?? '') : value;
}

function substitute(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, fallback = '') => {
    const given = variables[name];
    if (given) return given;
    if (kind === '?') throw new Error(`docker-compose.yml requires ${name}: ${fallback}`);
    return fallback;
  });
}

/** A COPY of the Dockerfile's final stage: from which stage, which path there, and where under WORKDIR. */
export interface ImageCopy {
  stage: string;
  source: string;
  target: string;
}

/** The final stage's `COPY --from=stage /app/source target` lines, in order. */
export function readImageCopies(file = path.join(repo, 'Dockerfile')): ImageCopy[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() && !line.trimStart().startsWith('#'));
  const finalStage = lines.slice(lines.findLastIndex((line) => /^FROM\s/i.test(line)));
  return finalStage
    .filter((line) => /^COPY\s/i.test(line))
    .map((line) => {
      const match = /^COPY\s+--from=(\S+)\s+\/app\/(\S+)\s+(\S+)\s*$/i.exec(line.trim());
      if (!match) throw new Error(`Dockerfile: cannot read ${JSON.stringify(line)} (expected COPY --from=stage /app/source target)`);
      return { stage: match[1] ?? '', source: match[2] ?? '', target: match[3] ?? '' };
    });
}

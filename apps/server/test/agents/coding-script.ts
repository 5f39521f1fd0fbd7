import type { Answer, Conversation, Entry } from './conversation.js';

/**
 * The script the fake model plays: call the agent's shell tool twice (`echo tollgate-one`, then
 * `echo tollgate-two`), then answer with the outputs it got back. The turn is read from the number of tool
 * results already in the conversation, so the model keeps no state and any history that reaches it whole
 * gets the same answer.
 */

/** What the agent is asked; the scripted model does not read it, the tests find it in the history. */
export const PROMPT = 'Run the two marker commands, then report their outputs.';
export const MARKERS = ['tollgate-one', 'tollgate-two'] as const;
export const FINAL_TEXT = `RESULTS: ${MARKERS.join(' | ')}`;
/** The answer to requests offering no shell tool: titles, summaries, checks. */
export const SIDE_TEXT = 'Tollgate scripted side answer.';

/** Each agent's shell tool and the arguments it takes. */
const SHELLS: { name: string; args(command: string): Record<string, string> }[] = [
  { name: 'Bash', args: (command) => ({ command, description: 'Print a marker' }) }, // Claude Code
  { name: 'exec_command', args: (cmd) => ({ cmd }) }, // Codex
  { name: 'run_shell_command', args: (command) => ({ command, description: 'Print a marker' }) }, // Gemini CLI, Qwen Code
  { name: 'bash', args: (command) => ({ command, description: 'Print a marker' }) }, // opencode
];

export function scriptedAnswer(conversation: Conversation): Answer {
  const shell = SHELLS.find((candidate) => conversation.tools.includes(candidate.name));
  if (!shell) return { kind: 'text', text: SIDE_TEXT };
  const results = conversation.history.filter((entry) => entry.kind === 'result');
  const marker = MARKERS[results.length];
  if (marker) return { kind: 'call', turn: results.length + 1, name: shell.name, args: shell.args(`echo ${marker}`) };
  return { kind: 'text', text: `RESULTS: ${results.map((result) => quoteOutput(result.text)).join(' | ')}` };
}

/**
 * The command output inside a tool result: a line that is a marker alone (or after "Output:", as Gemini CLI
 * reports). The command line itself ("echo tollgate-one") never matches, so a quote proves the command ran
 * and its output came back.
 */
export function quoteOutput(text: string): string {
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:Output:\s*)?(tollgate-[a-z]+)\s*$/.exec(line);
    if (match?.[1]) return match[1];
  }
  return `<no output in ${JSON.stringify(text.slice(0, 120))}>`;
}

/** The command of a shell call, whichever agent's argument name it uses. */
export const commandOf = (entry: Entry) => (entry.kind === 'call' ? String(entry.args.command ?? entry.args.cmd ?? '') : undefined);

// What a screen reader is told about a run, once: the run section is drawn
// again on every streamed piece, so it is no live region; the one small
// live region (#announce) gets a sentence only when something new happens
// (the run starts, waits for the user or the model, ends), never per piece.
// Pure: the unit tests check the sentences, the e2e test counts them.

import type { RunTurnView } from '../messages';

/** Most characters of an answer read out when its run ends. */
export const maxAnnounced = 600;

/** Markdown as words: no fences, backquotes or emphasis marks. */
export function plainText(md: string): string {
  const t = md
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/[`*_#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length > maxAnnounced ? t.slice(0, maxAnnounced - 1) + '…' : t;
}

function waitingCards(run: RunTurnView | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of run?.items ?? []) if (i.kind === 'toolCall' && i.status.startsWith('waiting')) out.set(i.id, `${i.name} is ${i.status}.`);
  return out;
}

/** The sentence to announce for a run that changed from prev to next, or undefined (nothing new). */
export function announcement(prev: RunTurnView | undefined, next: RunTurnView): string | undefined {
  if (next.ended) {
    if (prev && prev.ended) return undefined;
    const parts: string[] = [];
    const outcome = (next.outcome ?? 'ended').replace(/_/g, ' ');
    parts.push(`Run ${outcome}.`);
    const answers = next.items.filter((i) => i.kind === 'answer');
    const last = answers[answers.length - 1];
    if (last && last.kind === 'answer' && next.outcome !== 'cancelled') parts.push(plainText(last.text));
    if (last && last.kind === 'answer' && last.partial) parts.push('The answer was cut short.');
    if (next.error && next.outcome !== 'cancelled') parts.push(plainText(next.error.message));
    if (next.verdict) parts.push(next.verdict.fixed ? 'Fixed.' : next.verdict.note ? plainText(next.verdict.note) : 'Still failing.');
    if (next.retry) parts.push('Retry is offered.');
    if (next.resumable) parts.push('Resume is offered.');
    return parts.filter(Boolean).join(' ');
  }
  if (!prev || prev.ended) return 'loopls is working…';
  const before = waitingCards(prev);
  const now = [...waitingCards(next)].filter(([id]) => !before.has(id)).map(([, s]) => s);
  if (now.length > 0) return now.join(' ');
  if (next.waiting && next.waiting !== prev.waiting) return plainText(next.waiting);
  return undefined;
}

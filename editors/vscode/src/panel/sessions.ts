// The session list's words, for the panel's list and the Show Sessions quick
// pick alike: when a session was last updated, in human terms (the daemon's
// updatedAt has nanoseconds), what a row says under its title, and which
// sessions a search keeps. Pure: the clock is passed in.

import type { SessionView } from './messages';

const minute = 60_000;
const hour = 60 * minute;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function hhmm(d: Date): string {
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * When, in the user's local time, relative to now: "just now", "5 min ago",
 * "3 h ago" (today), "yesterday 14:05", "Tue 14:05" (this week), "Dec 1",
 * "Dec 1, 2025" (another year). A timestamp that does not parse is shown as
 * it is; one in the future (another machine's clock) reads "just now".
 */
export function whenText(iso: string, now: Date): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const d = new Date(t);
  const ago = now.getTime() - t;
  if (ago < minute) return 'just now';
  if (ago < hour) return `${Math.floor(ago / minute)} min ago`;
  const today = startOfDay(now);
  if (t >= today) return `${Math.floor(ago / hour)} h ago`;
  const dayDiff = Math.round((today - startOfDay(d)) / (24 * hour));
  if (dayDiff === 1) return `yesterday ${hhmm(d)}`;
  if (dayDiff < 7) return `${days[d.getDay()]} ${hhmm(d)}`;
  const md = `${months[d.getMonth()]} ${d.getDate()}`;
  return d.getFullYear() === now.getFullYear() ? md : `${md}, ${d.getFullYear()}`;
}

/** What a session's row says under its title: "2 runs · 5 min ago · can resume". */
export function sessionMeta(s: Pick<SessionView, 'runs' | 'updatedAt' | 'resumableRun'>, now: Date): string {
  const parts: string[] = [];
  if (typeof s.runs === 'number') parts.push(s.runs === 1 ? '1 run' : `${s.runs} runs`);
  if (s.updatedAt) parts.push(whenText(s.updatedAt, now));
  if (s.resumableRun) parts.push('can resume');
  return parts.join(' · ');
}

/**
 * The sessions a search keeps, in their order: every word of the query is
 * in the title (case and accents aside). An empty query keeps them all.
 */
export function searchSessions<T extends { title: string }>(list: readonly T[], query: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((s) => {
    const title = fold(s.title);
    return words.every((w) => title.includes(w));
  });
}

/** Longest title the panel sends for a rename (the daemon checks it too: store.CleanTitle). */
export const maxTitle = 200;

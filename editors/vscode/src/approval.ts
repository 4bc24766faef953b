// Approval requests (`loopls/approve`) as a quick pick: items from the
// server's options, and the answer from the user's pick. Pure.

import type { ApprovalOption, ApproveParams, ApproveResult } from './protocol';
import { keyArgument } from './panel/conversation';

/** A quick pick item that remembers its option. */
export interface ApprovalItem {
  label: string;
  description: string;
  optionId: string;
}

const kindWords: Record<string, string> = {
  allow_once: 'allow this time',
  allow_always: 'allow from now on',
  reject_once: 'deny this time',
  reject_always: 'deny from now on',
};

const kindOrder = ['allow_once', 'allow_always', 'reject_once', 'reject_always'];

/**
 * The options allow first, in the order ACP lists the kinds (unknown kinds
 * last); the one ordering of the quick pick and the panel's cards.
 */
export function inKindOrder<T extends { kind: string }>(options: readonly T[]): T[] {
  const rank = (k: string) => {
    const i = kindOrder.indexOf(k);
    return i < 0 ? kindOrder.length : i;
  };
  return [...options].sort((a, b) => rank(a.kind) - rank(b.kind));
}

/** The items to offer, allow first, in the order ACP lists the kinds. */
export function approvalItems(options: ApprovalOption[]): ApprovalItem[] {
  return inKindOrder(options)
    .map((o) => ({
      label: `${o.kind.startsWith('reject') ? '$(close)' : '$(check)'} ${o.name || o.kind}`,
      description: kindWords[o.kind] ?? o.kind,
      optionId: o.optionId,
    }));
}

/** The question shown above the items, in words: the tool and what it is about, not its JSON. */
export function approvalTitle(p: ApproveParams): string {
  const tc = p.toolCall ?? {};
  const name = typeof tc.name === 'string' ? tc.name : 'a tool';
  const about = keyArgument(name, tc.arguments);
  if (name === 'run_command' && about) return `Allow run_command to run: ${about}`;
  if ((name === 'edit_file' || name === 'write_file') && about) return `Allow ${name} to change ${about}`;
  return `Allow ${name}${about ? ` on ${about}` : ''}`;
}

/** The answer for a pick; dismissing the pick (undefined) is "cancelled". */
export function approvalResult(picked: ApprovalItem | undefined): ApproveResult {
  return picked ? { outcome: 'selected', optionId: picked.optionId } : { outcome: 'cancelled' };
}

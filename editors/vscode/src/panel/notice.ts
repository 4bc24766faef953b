// What the daemon says once when no model is configured ("no model
// configured: using M …", a window/showMessage; docs/protocol.md) belongs
// beside the panel's setup card, not in a toast: the panel shows it as a
// notice with "Choose a model…" and Dismiss. Pure; view.ts keeps the state.

/** The notice as the panel draws it. */
export interface NoticeView {
  /** The model loopls picked. */
  model: string;
  /** What the panel says, in words (backquoted parts are names). */
  text: string;
}

/** A button of the notice: open the loopls.model setting, or hide it for this model. */
export type NoticeAction = 'chooseModel' | 'dismiss';

export function isNoticeAction(v: unknown): v is NoticeAction {
  return v === 'chooseModel' || v === 'dismiss';
}

// providers/resolve.go's Notice, as rpc sends it: "loopls: no model configured: using M (…); …".
const picked = /^(?:loopls: )?no model configured: using (\S+) \(/;

/** The notice for a window/showMessage text, or undefined when it is another message. */
export function modelNotice(message: string): NoticeView | undefined {
  const m = picked.exec(message);
  if (!m) return undefined;
  const model = m[1];
  return {
    model,
    text: `No model is set, so loopls uses \`${model}\`, the first model of your Ollama that can call tools. Set loopls.model to choose another.`,
  };
}

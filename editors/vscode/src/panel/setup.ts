// What the panel says before the first prompt when loopls has no model to
// run: Ollama not reachable (with Start Ollama, Install Ollama and how to
// pull a model), or reachable with no model pulled. Read from loopls/models,
// which the panel asks when it loads. Pure; view.ts acts on the buttons.

/** Where Ollama is downloaded from (the Install button opens it). */
export const ollamaDownloadUrl = 'https://ollama.com/download';
/** The model the panel offers to pull (the project's README names it). */
export const suggestedModel = 'qwen2.5-coder';

export interface SetupView {
  /** unreachable: Ollama does not answer; noModel: it answers with no model. */
  kind: 'unreachable' | 'noModel';
  /** Where loopls looked for Ollama, when it said. */
  host?: string;
  /** What the panel says, in words (backquoted parts are commands). */
  text: string;
  /** The command that pulls the suggested model. */
  pull: string;
}

/** A button of the setup card: what the host does for it. */
export type SetupAction = 'start' | 'install' | 'pull' | 'retry';

export function isSetupAction(v: unknown): v is SetupAction {
  return v === 'start' || v === 'install' || v === 'pull' || v === 'retry';
}

/**
 * The setup card for loopls/models' answer: models listed (none: noModel),
 * or the request's error message (Ollama unreachable). Undefined when a
 * model is there, or the error is another one (a run then says it).
 */
export function setupFromModels(r: { models: readonly unknown[] } | { error: string }): SetupView | undefined {
  const pull = `ollama pull ${suggestedModel}`;
  if ('models' in r) {
    if (r.models.length > 0) return undefined;
    return { kind: 'noModel', pull, text: `Ollama is running but has no model yet. Pull one to start: \`${pull}\`.` };
  }
  // localmodels' message (docs/contract.md): "cannot reach Ollama at HOST: is `ollama serve` running? …"
  const m = /cannot reach Ollama at (\S+?):?(?:\s|$)/i.exec(r.error);
  if (!m) return undefined;
  const host = m[1];
  return {
    kind: 'unreachable',
    host,
    pull,
    text:
      `Ollama is not reachable at ${host}, and loopls needs it to run a local model. ` +
      `Start it (\`ollama serve\`), or install it first; then pull a model: \`${pull}\`. ` +
      `If Ollama listens elsewhere, set loopls.ollamaHost.`,
  };
}

/** The program and arguments a button runs in a terminal: the process itself, no shell typing. */
export function ollamaCommand(action: 'start' | 'pull'): { name: string; args: string[] } {
  return action === 'start' ? { name: 'ollama serve', args: ['serve'] } : { name: `ollama pull ${suggestedModel}`, args: ['pull', suggestedModel] };
}

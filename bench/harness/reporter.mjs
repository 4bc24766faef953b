// loopls bench: a node --test reporter that writes one JSON line per test
// that ended, with its name and whether it passed. Written into the task's
// copy after the run.
export default async function* reporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const d = event.data;
    const passed = event.type === 'test:pass' && !d.skip && !d.todo;
    yield JSON.stringify({ name: d.name, nesting: d.nesting, passed }) + '\n';
  }
}

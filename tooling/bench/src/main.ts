// Each benchmark module registers itself here; `pnpm bench -- <name>` runs only that one.
const suites: Record<string, () => Promise<void> | void> = {};

const only = process.argv[2];
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  await run();
}

// Filled in by the rules benchmarks.
export function runRules(): void {
  console.log('(no rules benchmarks yet)');
}

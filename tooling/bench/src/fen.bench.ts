// Filled in by the fen benchmarks.
export function runFen(): void {
  console.log('(no fen benchmarks yet)');
}

import { describeListConformance } from './testing/formats.js';

// Every format of the one list (FORMATS of @chess-formats/formats) against its vectors,
// `vectors/<name>/*.json`: text formats through their descriptors, here; stream formats and
// board-core's move notations through their own adapters, `src/<name>.conformance.test.ts`.
// The loop is a function so that the recipe's proof (tooling/release/src/format-recipe.test.ts)
// runs it as it is, with a toy format in the list.
describeListConformance();

import { describeExamples } from './examples-suite.js';
import { docExamplesOf, sourceFiles } from './readme-examples.js';

// The examples of the API reference (`@example` in doc comments) are held to what README
// examples are: they type-check, run against the sources, and print what their `// →` says.
// The main entry points have one each: at least 15.
describeExamples('API reference examples', sourceFiles().flatMap(docExamplesOf), 'doc-examples', 15);

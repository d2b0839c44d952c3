import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 5 s instead of Testing Library's 1 s: on a busy two-core machine
// (the browser journeys or a CI run beside it) a page's first render can take longer than a second
// without anything being wrong. A check that never holds still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });

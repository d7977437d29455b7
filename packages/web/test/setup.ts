import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests by itself only when test globals are on.
afterEach(cleanup);

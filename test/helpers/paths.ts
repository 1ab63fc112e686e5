// The test folder's own path, for files in test/'s subfolders that reach fixtures, helpers and the repository.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

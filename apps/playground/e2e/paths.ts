import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** apps/playground. */
export const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')

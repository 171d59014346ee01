// Adds up every package's vitest JSON report into one closing line that CI can read.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'

let passed = 0
let failed = 0
let skipped = 0
const rows = []
for (const group of ['packages', 'apps']) {
  if (!existsSync(group)) continue
  for (const name of readdirSync(group)) {
    // A package's unit tests, and its screenshot suite where it has one (@latch/react).
    for (const [suite, file] of [
      ['', join(group, name, 'test-results', 'vitest.json')],
      [' (screenshots)', join(group, name, 'test-results', 'screenshots', 'vitest.json')],
    ]) {
      if (!existsSync(file)) continue
      const report = JSON.parse(readFileSync(file, 'utf8'))
      passed += report.numPassedTests
      failed += report.numFailedTests
      skipped += report.numPendingTests + (report.numTodoTests ?? 0)
      rows.push(`  ${group}/${name}${suite}: ${report.numPassedTests} passed`)
    }
  }
}
console.log(rows.join('\n'))
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)

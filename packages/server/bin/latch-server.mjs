#!/usr/bin/env node
// latch-server: the self-hosted Latch server. See `latch-server --help`.
// Stops cleanly on SIGINT / SIGTERM.
import { runCli } from '../dist/cli.js'

const server = await runCli(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
})
if (!server) process.exit(process.argv.includes('--help') || process.argv.includes('-h') ? 0 : 2)

let stopping = false
async function shutdown(signal) {
  if (stopping) return
  stopping = true
  console.log(`latch-server: ${signal}, stopping`)
  try {
    await server.close()
    process.exit(0)
  } catch (error) {
    console.error('latch-server: stop failed:', error)
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

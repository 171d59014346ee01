#!/usr/bin/env node
// latch-relay: a local WalletConnect relay (and verify service) for development.
// LATCH_RELAY_PORT picks the port (default: a free one); LATCH_RELAY_HOST the interface
// (default 127.0.0.1). Stops cleanly on SIGINT / SIGTERM.
import { startRelay } from '../dist/index.js'

function readPort(value) {
  if (value === undefined || value === '') return 0
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`latch-relay: LATCH_RELAY_PORT must be an integer 0-65535, got "${value}"`)
    process.exit(2)
  }
  return port
}

let relay
try {
  relay = await startRelay({
    port: readPort(process.env.LATCH_RELAY_PORT),
    host: process.env.LATCH_RELAY_HOST || '127.0.0.1',
  })
} catch (error) {
  console.error(`latch-relay: could not start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}

console.log(`latch-relay: relay  ${relay.url}`)
console.log(`latch-relay: verify ${relay.verifyUrl} (verifyUrlV3: ${relay.verifyUrl}/v3)`)

let stopping = false
async function shutdown(signal) {
  if (stopping) return
  stopping = true
  console.log(`latch-relay: ${signal}, stopping`)
  try {
    await relay.stop()
    process.exit(0)
  } catch (error) {
    console.error('latch-relay: stop failed:', error)
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

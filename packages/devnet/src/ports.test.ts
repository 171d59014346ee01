import { describe, expect, it } from 'vitest'
import { DEVNET_PORT_ENV, portFromEnv, releasePort, takeFreePort } from './ports.js'
import { isPortFree } from './test/processes.js'

describe('portFromEnv', () => {
  it('reads LATCH_DEVNET_PORT_A for the first chain and LATCH_DEVNET_PORT_B for the second', () => {
    expect(DEVNET_PORT_ENV).toEqual(['LATCH_DEVNET_PORT_A', 'LATCH_DEVNET_PORT_B'])
    const env = { LATCH_DEVNET_PORT_A: '8545', LATCH_DEVNET_PORT_B: ' 8546 ' }
    expect([0, 1, 2].map((index) => portFromEnv(index, env))).toEqual([8545, 8546, undefined])
  })

  it('treats unset and blank variables as absent', () => {
    expect(portFromEnv(0, {})).toBeUndefined()
    expect(portFromEnv(1, { LATCH_DEVNET_PORT_B: '  ' })).toBeUndefined()
  })

  it.each(['0', '65536', '85.45', '-1', 'http://127.0.0.1:8545'])('rejects %j', (raw) => {
    expect(() => portFromEnv(0, { LATCH_DEVNET_PORT_A: raw })).toThrow(
      `LATCH_DEVNET_PORT_A must be a TCP port (1-65535), got '${raw}'`,
    )
  })
})

describe('takeFreePort', () => {
  it('hands out free ports, never one it already handed out and still holds', async () => {
    const ports = await Promise.all(Array.from({ length: 8 }, () => takeFreePort()))
    try {
      expect(new Set(ports).size).toBe(ports.length)
      for (const port of ports) await expect(isPortFree(port)).resolves.toBe(true)
    } finally {
      ports.forEach(releasePort)
    }
  })
})

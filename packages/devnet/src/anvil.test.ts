import { createPublicClient, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { devnetAccounts } from './accounts.js'
import { AnvilStartError, startAnvil } from './anvil.js'
import { isPortFree, isRunning, occupyPort } from './test/processes.js'

async function freePort(): Promise<number> {
  const { port, release } = await occupyPort()
  await release()
  return port
}

describe('startAnvil', () => {
  it('answers on 127.0.0.1 with its chain id and funded accounts once it resolves', async () => {
    const anvil = await startAnvil({ chainId: 4242, port: await freePort() })
    try {
      expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
      const client = createPublicClient({ transport: http(anvil.rpcUrl) })
      await expect(client.getChainId()).resolves.toBe(4242)
      const balance = await client.getBalance({ address: devnetAccounts[9]!.address })
      expect(balance).toBe(parseEther('10000'))
    } finally {
      await anvil.stop()
    }
    expect(isRunning(anvil.pid)).toBe(false)
    await expect(isPortFree(anvil.port)).resolves.toBe(true)
  })

  it('rejects, flagged as address-in-use, when the port is taken', async () => {
    const taken = await occupyPort()
    try {
      const error = await startAnvil({ chainId: 4242, port: taken.port }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AnvilStartError)
      expect(error).toMatchObject({ addressInUse: true })
      expect((error as Error).message).toContain(
        `anvil for chain 4242 on port ${taken.port} exited before ready`,
      )
    } finally {
      await taken.release()
    }
  })
})

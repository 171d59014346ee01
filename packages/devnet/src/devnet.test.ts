import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  type Address,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from './accounts.js'
import { devnetContractAddresses } from './contracts.js'
import { startDevnet, type Devnet, type DevnetChain } from './devnet.js'
import { devnetNetwork } from './network.js'
import { anvilChildPids, isPortFree, isRunning, occupyPort } from './test/processes.js'

const clientFor = (chain: DevnetChain) =>
  createPublicClient({ chain: devnetNetwork(chain), transport: http(chain.rpcUrl) })

/** Two loopback ports that were free a moment ago. */
async function freePorts(): Promise<[number, number]> {
  const [a, b] = await Promise.all([occupyPort(), occupyPort()])
  await Promise.all([a.release(), b.release()])
  return [a.port, b.port]
}

/** Runs `body` with the given environment variables, restoring them afterwards. */
async function withEnv(vars: Record<string, string>, body: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]))
  Object.assign(process.env, vars)
  try {
    await body()
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

describe('startDevnet', () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet()
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  it('runs chains 31337 and 31338 on loopback ports, each answering with its id', async () => {
    expect(devnet.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
      { chainId: 31337, name: 'Latch Devnet A' },
      { chainId: 31338, name: 'Latch Devnet B' },
    ])
    expect(devnet.chains[0]!.port).not.toBe(devnet.chains[1]!.port)
    for (const chain of devnet.chains) {
      expect(chain.rpcUrl).toBe(`http://127.0.0.1:${chain.port}`)
      await expect(clientFor(chain).getChainId()).resolves.toBe(chain.chainId)
    }
  })

  it('funds the ten test accounts with 10000 ETH; accounts 0-2 have paid the deployments and seeds', async () => {
    expect(devnet.accounts).toBe(devnetAccounts)
    for (const chain of devnet.chains) {
      const client = clientFor(chain)
      const anvilAccounts = await createWalletClient({
        transport: http(chain.rpcUrl),
      }).getAddresses()
      expect(anvilAccounts.map((address) => getAddress(address))).toEqual(
        devnetAccounts.map((account) => account.address),
      )
      // Account 9 is left out: the contract tests send a reverting transaction from it.
      for (const { address } of devnetAccounts.slice(3, 9)) {
        await expect(client.getBalance({ address })).resolves.toBe(parseEther('10000'))
      }
      // Account 0 deployed four contracts and sent one seeded transfer; 1 and 2 one transfer each.
      const nonces = [4 + 1, 1, 1]
      for (const [index, { address }] of devnetAccounts.slice(0, 3).entries()) {
        const fees = await feesPaidBy(client, address)
        expect(fees).toBeGreaterThan(0n)
        await expect(client.getBalance({ address })).resolves.toBe(parseEther('10000') - fees)
        await expect(client.getTransactionCount({ address })).resolves.toBe(nonces[index])
      }
    }
  })

  it('deploys the contracts at the same deterministic addresses on every chain', async () => {
    // Pinned: other packages, the playground and people's wallets know these addresses.
    expect(devnetContractAddresses).toEqual({
      testToken: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      bytes32Token: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      reverter: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      testCollection: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
      weth: '0xd6Dd4cd0acA478b70940C014FD195Dae05be976d',
      usdc: '0x097F789181Ac26d1DA02979D466AB49c7e2f3910',
      uniswapV2Factory: '0xA10b2AaebD3ac0Fb6733f331790132b7E114D297',
      uniswapV2Router: '0xE74b8833c7f499125B3Dc688aaB860c7dFf3F596',
      wethUsdcPair: '0x02FBb8f5bF1a3E3B6D2A2a487d98f0acD69Ece19',
      wethLttPair: '0xBB1E6332b53e330ebE77959b6B9EcE8a5521E083',
      usdcLttPair: '0xDD071E3470778E18729d8d0B9d49ab9D3b8E40A4',
    })
    for (const chain of devnet.chains) {
      expect(devnet.contracts[chain.chainId]).toEqual(devnetContractAddresses)
      for (const address of Object.values(devnetContractAddresses)) {
        const code = await clientFor(chain).getCode({ address })
        expect(code?.length).toBeGreaterThan(2)
      }
    }
  })

  it('starts a second, independent devnet in the same process on other ports', async () => {
    const second = await startDevnet()
    try {
      const ports = second.chains.map((chain) => chain.port)
      for (const port of devnet.chains.map((chain) => chain.port)) expect(ports).not.toContain(port)
      for (const chain of [...devnet.chains, ...second.chains]) {
        await expect(clientFor(chain).getChainId()).resolves.toBe(chain.chainId)
      }
    } finally {
      await second.stop()
    }
  })
})

describe('stopping', () => {
  it('ends every anvil it started, frees their ports and can be called again', async () => {
    const devnet = await startDevnet()
    const pids = devnet.chains.map((chain) => chain.pid)
    expect(pids.every(isRunning)).toBe(true)
    await devnet.stop()
    expect(pids.filter(isRunning)).toEqual([])
    for (const chain of devnet.chains) await expect(isPortFree(chain.port)).resolves.toBe(true)
    await expect(devnet.stop()).resolves.toBeUndefined()
  })

  it('stops the chains already started when another one fails to start', async () => {
    const before = anvilChildPids()
    const taken = await occupyPort()
    const [freePort] = await freePorts()
    try {
      await expect(
        startDevnet({
          chains: [
            { chainId: 31337, port: freePort },
            { chainId: 31338, port: taken.port },
          ],
        }),
      ).rejects.toThrow(`anvil for chain 31338 on port ${taken.port} exited before ready`)
    } finally {
      await taken.release()
    }
    expect(anvilChildPids()).toEqual(before)
    await expect(isPortFree(freePort)).resolves.toBe(true)
  })
})

describe('ports and options', () => {
  it('honours LATCH_DEVNET_PORT_A and LATCH_DEVNET_PORT_B', async () => {
    const [portA, portB] = await freePorts()
    await withEnv(
      { LATCH_DEVNET_PORT_A: String(portA), LATCH_DEVNET_PORT_B: String(portB) },
      async () => {
        const devnet = await startDevnet()
        try {
          expect(devnet.chains.map((chain) => chain.port)).toEqual([portA, portB])
          await expect(clientFor(devnet.chains[1]!).getChainId()).resolves.toBe(31338)
        } finally {
          await devnet.stop()
        }
      },
    )
  })

  it('lets a port in the options win over the environment', async () => {
    const [fromEnv, fromOptions] = await freePorts()
    await withEnv({ LATCH_DEVNET_PORT_A: String(fromEnv) }, async () => {
      const devnet = await startDevnet({ chains: [{ chainId: 31337, port: fromOptions }] })
      await devnet.stop()
      expect(devnet.chains.map((chain) => chain.port)).toEqual([fromOptions])
    })
  })

  it('rejects a malformed port variable before starting anything', async () => {
    const before = anvilChildPids()
    await withEnv({ LATCH_DEVNET_PORT_B: 'eighty' }, async () => {
      await expect(startDevnet()).rejects.toThrow(
        "LATCH_DEVNET_PORT_B must be a TCP port (1-65535), got 'eighty'",
      )
    })
    expect(anvilChildPids()).toEqual(before)
  })

  it('rejects duplicate chain ids', async () => {
    await expect(startDevnet({ chains: [{ chainId: 5 }, { chainId: 5 }] })).rejects.toThrow(
      'startDevnet needs distinct chain ids, got 5, 5',
    )
  })

  it('runs the chains given, mining on a timer when blockTime is set', async () => {
    const devnet = await startDevnet({ chains: [{ chainId: 31339 }], blockTime: 1 })
    try {
      expect(devnet.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
        { chainId: 31339, name: 'Latch Devnet A' },
      ])
      expect(devnet.contracts[31339]).toEqual(devnetContractAddresses)
      const client = clientFor(devnet.chains[0]!)
      const first = await client.getBlockNumber({ cacheTime: 0 })
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      await expect(client.getBlockNumber({ cacheTime: 0 })).resolves.toBeGreaterThan(first)
    } finally {
      await devnet.stop()
    }
  })
})

/** Sums gasUsed × effectiveGasPrice over every transaction `from` sent so far. */
async function feesPaidBy(client: ReturnType<typeof clientFor>, from: Address): Promise<bigint> {
  let fees = 0n
  const latest = await client.getBlockNumber({ cacheTime: 0 })
  for (let number = 1n; number <= latest; number++) {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== from.toLowerCase()) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      fees += receipt.gasUsed * receipt.effectiveGasPrice
    }
  }
  return fees
}

import { createRequire } from 'node:module'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  getContract,
  http,
  keccak256,
  maxUint256,
  parseEther,
  parseUnits,
  zeroAddress,
  type Address,
  type HttpTransport,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_LIQUIDITY_ACCOUNT, devnetAccounts } from './accounts.js'
import { TEST_TOKEN, devnetContractAddresses as addresses } from './contracts.js'
import { startDevnet, type Devnet } from './devnet.js'
import {
  uniswapV2FactoryArtifact,
  uniswapV2PairArtifact,
  uniswapV2Router02Artifact,
  weth9Artifact,
} from './generated/uniswap-artifacts.js'
import { devnetNetwork, type DevnetNetwork } from './network.js'
import { devnetSummary } from './summary.js'
import {
  DEVNET_POOLS,
  DEVNET_SWAP_PRICES_USD,
  TEST_USDC,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  type DevnetPool,
} from './uniswap.js'

const require = createRequire(import.meta.url)
const usdc = (amount: string) => parseUnits(amount, TEST_USDC.decimals)
const address = (index: number) => devnetAccounts[index]!.address

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const chainA = () => devnetNetwork(devnet.chains[0]!)
const clientOn = (chain: DevnetNetwork) => createPublicClient({ chain, transport: http() })
const router = () =>
  getContract({
    address: addresses.uniswapV2Router,
    abi: uniswapV2RouterAbi,
    client: clientOn(chainA()),
  })
const balanceOf = (token: Address, owner: Address) =>
  clientOn(chainA()).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

type Wallet = WalletClient<HttpTransport, DevnetNetwork, PrivateKeyAccount>

/** Runs `body` with test account `index`'s wallet on chain A, undoing its writes afterwards. */
async function asAccount(index: number, body: (wallet: Wallet) => Promise<void>): Promise<void> {
  const chain = chainA()
  const tester = createTestClient({ mode: 'anvil', chain, transport: http() })
  const id = await tester.snapshot()
  try {
    const account = privateKeyToAccount(devnetAccounts[index]!.privateKey)
    await body(createWalletClient({ account, chain, transport: http() }))
  } finally {
    await tester.revert({ id })
  }
}

/** Sends a transaction and waits for it, which must succeed. */
async function send(wallet: Wallet, hash: Promise<`0x${string}`>): Promise<void> {
  const receipt = await clientOn(wallet.chain).waitForTransactionReceipt({ hash: await hash })
  expect(receipt.status).toBe('success')
}

/** A pool's reserves in its `tokens`' order (the pair keeps them sorted by address instead). */
async function reservesOf(pool: DevnetPool, chain = chainA()): Promise<[bigint, bigint]> {
  const client = clientOn(chain)
  const pair = { address: addresses[pool.pair], abi: uniswapV2PairAbi } as const
  const [[reserve0, reserve1], token0] = await Promise.all([
    client.readContract({ ...pair, functionName: 'getReserves' }),
    client.readContract({ ...pair, functionName: 'token0' }),
  ])
  return token0 === addresses[pool.tokens[0]] ? [reserve0, reserve1] : [reserve1, reserve0]
}

/** Uniswap v2's getAmountOut: the constant product after a 0.3% fee on what goes in. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

const pool = (pair: DevnetPool['pair']) => DEVNET_POOLS.find((p) => p.pair === pair)!

describe('the Uniswap v2 artifacts', () => {
  it("are the npm builds' bytes, the Pair hashing to the init code hash Router02 hard-codes", () => {
    const published = [
      ['@uniswap/v2-core/build/UniswapV2Factory.json', uniswapV2FactoryArtifact],
      ['@uniswap/v2-core/build/UniswapV2Pair.json', uniswapV2PairArtifact],
      ['@uniswap/v2-periphery/build/UniswapV2Router02.json', uniswapV2Router02Artifact],
      ['@uniswap/v2-periphery/build/WETH9.json', weth9Artifact],
    ] as const
    for (const [file, artifact] of published) {
      const json = require(file) as { abi: unknown; bytecode: string }
      expect(artifact.bytecode).toBe(`0x${json.bytecode}`)
      expect(artifact.abi).toEqual(json.abi)
    }
    // Uniswap v2's published init code hash, as on mainnet.
    expect(UNISWAP_V2_PAIR_INIT_CODE_HASH).toBe(
      '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
    )
    expect(keccak256(uniswapV2PairArtifact.bytecode)).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH)
    expect(uniswapV2Router02Artifact.bytecode).toContain(UNISWAP_V2_PAIR_INIT_CODE_HASH.slice(2))
    // The factory creates pairs from the Pair's creation code it carries: the same bytes.
    expect(uniswapV2FactoryArtifact.bytecode).toContain(uniswapV2PairArtifact.bytecode.slice(2))
  })
})

describe('the swap contracts', () => {
  it('are deployed on every chain, the router wired to the factory and WETH, no fee on', async () => {
    for (const chain of devnet.chains.map(devnetNetwork)) {
      const client = clientOn(chain)
      const read = <const F extends 'factory' | 'WETH'>(functionName: F) =>
        client.readContract({
          address: addresses.uniswapV2Router,
          abi: uniswapV2RouterAbi,
          functionName,
        })
      const factory = { address: addresses.uniswapV2Factory, abi: uniswapV2FactoryAbi } as const
      await expect(read('factory')).resolves.toBe(addresses.uniswapV2Factory)
      await expect(read('WETH')).resolves.toBe(addresses.weth)
      await expect(client.readContract({ ...factory, functionName: 'feeToSetter' })).resolves.toBe(
        DEVNET_LIQUIDITY_ACCOUNT.address,
      )
      await expect(client.readContract({ ...factory, functionName: 'feeTo' })).resolves.toBe(
        zeroAddress,
      )
      await expect(
        client.readContract({ ...factory, functionName: 'allPairsLength' }),
      ).resolves.toBe(BigInt(DEVNET_POOLS.length))
      for (const { pair, tokens } of DEVNET_POOLS) {
        const args = [addresses[tokens[0]], addresses[tokens[1]]] as const
        await expect(
          client.readContract({ ...factory, functionName: 'getPair', args }),
        ).resolves.toBe(addresses[pair])
      }
      // The runtime code still carries the hash: what finds the pairs on chain.
      const code = await client.getCode({ address: addresses.uniswapV2Router })
      expect(code).toContain(UNISWAP_V2_PAIR_INIT_CODE_HASH.slice(2))
    }
  })

  it('are in the summary the CLI prints, on every chain', () => {
    const { contracts } = devnetSummary(devnet)
    for (const chain of devnet.chains) {
      expect(contracts[chain.chainId]).toMatchObject({
        weth: addresses.weth,
        usdc: addresses.usdc,
        uniswapV2Factory: addresses.uniswapV2Factory,
        uniswapV2Router: addresses.uniswapV2Router,
        wethUsdcPair: addresses.wethUsdcPair,
        wethLttPair: addresses.wethLttPair,
        usdcLttPair: addresses.usdcLttPair,
      })
    }
  })
})

describe('TestUSDC', () => {
  it("is 'Latch Test USD Coin' (USDC, 6 decimals) with 1,000,000 for each of accounts 0..4", async () => {
    expect(TEST_USDC.holders).toEqual(TEST_TOKEN.holders)
    for (const chain of devnet.chains.map(devnetNetwork)) {
      const token = getContract({ address: addresses.usdc, abi: erc20Abi, client: clientOn(chain) })
      await expect(token.read.name()).resolves.toBe('Latch Test USD Coin')
      await expect(token.read.symbol()).resolves.toBe('USDC')
      await expect(token.read.decimals()).resolves.toBe(6)
      const balances = await Promise.all(
        devnetAccounts.map((a) => token.read.balanceOf([a.address])),
      )
      expect(balances).toEqual(devnetAccounts.map((_, index) => (index < 5 ? usdc('1000000') : 0n)))
    }
  })
})

describe('the seeded pools', () => {
  it('hold their documented reserves, at the documented prices, the liquidity all in them', async () => {
    for (const chain of devnet.chains.map(devnetNetwork)) {
      for (const seeded of DEVNET_POOLS) {
        await expect(reservesOf(seeded, chain)).resolves.toEqual(seeded.reserves)
      }
      const client = clientOn(chain)
      const lp = DEVNET_LIQUIDITY_ACCOUNT.address
      for (const token of [addresses.usdc, addresses.testToken, addresses.weth]) {
        const args = [lp] as const
        await expect(
          client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args }),
        ).resolves.toBe(0n)
      }
      // The LP tokens are the liquidity account's, less the 1,000 the first deposit locks.
      const [a, b] = pool('wethUsdcPair').reserves
      const shares = await client.readContract({
        address: addresses.wethUsdcPair,
        abi: uniswapV2PairAbi,
        functionName: 'balanceOf',
        args: [lp],
      })
      expect(shares * shares).toBeLessThanOrEqual(a * b)
      expect((shares + 1_001n) * (shares + 1_001n)).toBeGreaterThan(a * b)
    }
    const [eth, dollars] = pool('wethUsdcPair').reserves
    expect((dollars * 10n ** 12n) / eth).toBe(BigInt(DEVNET_SWAP_PRICES_USD.ETH))
    const [ethForLtt, ltt] = pool('wethLttPair').reserves
    expect(ltt / ethForLtt).toBe(BigInt(DEVNET_SWAP_PRICES_USD.ETH / DEVNET_SWAP_PRICES_USD.LTT))
    const [dollarsForLtt, lttForDollars] = pool('usdcLttPair').reserves
    expect((dollarsForLtt * 10n ** 12n) / lttForDollars).toBe(BigInt(DEVNET_SWAP_PRICES_USD.LTT))
  })

  it('quote 1 ETH → USDC by the constant product with the 0.3% fee, within 1% of 3,000 USDC', async () => {
    const [reserveEth, reserveUsdc] = await reservesOf(pool('wethUsdcPair'))
    const oneEth = parseEther('1')
    const [, quoted] = await router().read.getAmountsOut([oneEth, [addresses.weth, addresses.usdc]])
    expect(quoted).toBe(amountOut(oneEth, reserveEth, reserveUsdc))
    const seededPrice = usdc(String(DEVNET_SWAP_PRICES_USD.ETH))
    expect(quoted).toBeLessThan(seededPrice)
    expect(quoted! * 100n).toBeGreaterThan(seededPrice * 99n)
  })

  it('move by under 0.5% for a swap of 10 ETH, 10,000 USDC or 10,000 LTT', async () => {
    const trades = [
      [pool('wethUsdcPair'), parseEther('10')],
      [pool('wethLttPair'), parseEther('10')],
      [pool('usdcLttPair'), usdc('10000')],
      [
        { ...pool('usdcLttPair'), reserves: [...pool('usdcLttPair').reserves].reverse() },
        parseEther('10000'),
      ],
    ] as const
    for (const [{ reserves }, amountIn] of trades) {
      const [reserveIn, reserveOut] = reserves as readonly [bigint, bigint]
      const out = amountOut(amountIn, reserveIn, reserveOut)
      // Price of the token going in, in the one coming out, before and after, in basis points.
      const before = (reserveOut * 10n ** 18n) / reserveIn
      const after = ((reserveOut - out) * 10n ** 18n) / (reserveIn + amountIn)
      expect(((before - after) * 10_000n) / before).toBeLessThan(50n)
    }
  })

  it('swap ETH for USDC through Router02 from a fresh account, for at least the minimum', async () => {
    await asAccount(5, async (wallet) => {
      const amountIn = parseEther('2')
      const path = [addresses.weth, addresses.usdc] as const
      const [, quoted] = await router().read.getAmountsOut([amountIn, path])
      const minimum = (quoted! * 99n) / 100n
      const before = await clientOn(chainA()).getBalance({ address: wallet.account.address })
      await send(
        wallet,
        wallet.writeContract({
          address: addresses.uniswapV2Router,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [minimum, [...path], wallet.account.address, maxUint256],
          value: amountIn,
        }),
      )
      const received = await balanceOf(addresses.usdc, wallet.account.address)
      expect(received).toBeGreaterThanOrEqual(minimum)
      // Nobody else traded in between: exactly the quote.
      expect(received).toBe(quoted)
      const after = await clientOn(chainA()).getBalance({ address: wallet.account.address })
      expect(before - after).toBeGreaterThan(amountIn)
    })
    // Undone: account 5 holds no tokens again, as the other tests expect.
    await expect(balanceOf(addresses.usdc, address(5))).resolves.toBe(0n)
  })

  it('swap USDC for LTT after an approval, for at least the minimum', async () => {
    await asAccount(4, async (wallet) => {
      const me = wallet.account.address
      const amountIn = usdc('3000')
      const path = [addresses.usdc, addresses.testToken] as const
      await send(
        wallet,
        wallet.writeContract({
          address: addresses.usdc,
          abi: erc20Abi,
          functionName: 'approve',
          args: [addresses.uniswapV2Router, amountIn],
        }),
      )
      const [, quoted] = await router().read.getAmountsOut([amountIn, path])
      // 3,000 USDC is 1,500 LTT at the seeded prices, less the fee and a little price impact.
      expect(quoted).toBe(amountOut(amountIn, ...(await reservesOf(pool('usdcLttPair')))))
      expect(quoted! * 1000n).toBeGreaterThan(parseEther('1500') * 990n)
      const minimum = (quoted! * 99n) / 100n
      await send(
        wallet,
        wallet.writeContract({
          address: addresses.uniswapV2Router,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amountIn, minimum, [...path], me, maxUint256],
        }),
      )
      await expect(balanceOf(addresses.usdc, me)).resolves.toBe(usdc('1000000') - amountIn)
      const ltt = (await balanceOf(addresses.testToken, me)) - TEST_TOKEN.amountPerHolder
      expect(ltt).toBeGreaterThanOrEqual(minimum)
      expect(ltt).toBe(quoted)
    })
    await expect(balanceOf(addresses.testToken, address(4))).resolves.toBe(
      TEST_TOKEN.amountPerHolder,
    )
  })
})

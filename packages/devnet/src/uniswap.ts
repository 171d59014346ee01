// Uniswap v2 on the devnet (issue 32, Swap): WETH9, the factory and Router02 from the published
// npm builds, a 6-decimal test USDC, and three pools seeded at start-up, so a swap flow runs
// against the real router and the real constant-product maths rather than a mock.
//
// Everything here is sent by DEVNET_LIQUIDITY_ACCOUNT, not by a test account: the existing
// contracts stay at account 0's nonces 0..3, and no test account's nonce, ether or token balance
// moves (other packages' tests count them).
import {
  encodePacked,
  getContractAddress,
  getCreate2Address,
  isAddressEqual,
  keccak256,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type HttpTransport,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { DEVNET_LIQUIDITY_ACCOUNT, devnetTokenHolders } from './accounts.js'
import { testUSDCArtifact } from './generated/artifacts.js'
import {
  uniswapV2FactoryArtifact,
  uniswapV2PairArtifact,
  uniswapV2Router02Artifact,
  weth9Artifact,
} from './generated/uniswap-artifacts.js'
import type { DevnetNetwork } from './network.js'
import { awaitDeployments, awaitSuccess } from './receipts.js'

/** UniswapV2Factory's ABI (`getPair`, `allPairs`, `PairCreated`…), from `@uniswap/v2-core`. */
export const uniswapV2FactoryAbi = uniswapV2FactoryArtifact.abi
/** UniswapV2Pair's ABI (`getReserves`, `token0`, `Swap`…; also the LP token's ERC-20). */
export const uniswapV2PairAbi = uniswapV2PairArtifact.abi
/** UniswapV2Router02's ABI (`getAmountsOut`, `swapExactETHForTokens`…), `@uniswap/v2-periphery`. */
export const uniswapV2RouterAbi = uniswapV2Router02Artifact.abi
/** WETH9's ABI (`deposit`, `withdraw` and ERC-20), from `@uniswap/v2-periphery`. */
export const weth9Abi = weth9Artifact.abi
/** The test USDC's ABI (ERC-20 with string metadata), compiled from `contracts/TestUSDC.sol`. */
export const testUsdcAbi = testUSDCArtifact.abi

/**
 * keccak256 of UniswapV2Pair's creation code, the "init code hash" Router02 hard-codes to find a
 * pair without asking the factory: the published Uniswap v2 value. The devnet deploys the npm
 * builds unmodified because a recompiled pair would hash differently and the router would miss it.
 */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/**
 * The 6-decimal test USDC: 1,000,000 USDC to each of accounts 0..4, like LTT (the liquidity
 * account gets exactly its pools' USDC on top).
 */
export const TEST_USDC = {
  name: 'Latch Test USD Coin',
  symbol: 'USDC',
  decimals: 6,
  holders: devnetTokenHolders,
  amountPerHolder: parseUnits('1000000', 6),
} as const

/**
 * The USD prices the pools are seeded at: ETH's and LTT's are the static prices the playground
 * and the server's tests already show (3,000 and 2), USDC is at par. So 1 ETH = 3,000 USDC =
 * 1,500 LTT, and the three pools agree with each other: no arbitrage at start-up.
 */
export const DEVNET_SWAP_PRICES_USD = { ETH: 3000, USDC: 1, LTT: 2 } as const

/**
 * What each side of each pool is worth at {@link DEVNET_SWAP_PRICES_USD}: 5,000 ETH, 15,000,000
 * USDC or 7,500,000 LTT. Deep enough that a swap of 10 ETH or 10,000 USDC or LTT moves a pool's
 * price by under 0.5% (a swap moves it by about twice its share of the reserve it goes into), so a
 * 1% slippage tolerance holds even while other tests swap on the same chain.
 */
export const DEVNET_POOL_SIDE_USD = 15_000_000

/** A token of the pools, named as in `DevnetContracts` ('testToken' is LTT). */
export type DevnetPoolToken = 'weth' | 'usdc' | 'testToken'

/** One pool seeded at start-up: its pair's name in `DevnetContracts` and its starting reserves. */
export interface DevnetPool {
  readonly pair: 'wethUsdcPair' | 'wethLttPair' | 'usdcLttPair'
  readonly tokens: readonly [DevnetPoolToken, DevnetPoolToken]
  /** In each token's own units (18 decimals for WETH and LTT, 6 for USDC), in `tokens`' order. */
  readonly reserves: readonly [bigint, bigint]
}

const side = {
  weth: parseEther(String(DEVNET_POOL_SIDE_USD / DEVNET_SWAP_PRICES_USD.ETH)),
  usdc: parseUnits(String(DEVNET_POOL_SIDE_USD / DEVNET_SWAP_PRICES_USD.USDC), TEST_USDC.decimals),
  testToken: parseEther(String(DEVNET_POOL_SIDE_USD / DEVNET_SWAP_PRICES_USD.LTT)),
} as const satisfies Record<DevnetPoolToken, bigint>

/** The pools, in the order they are seeded. */
export const DEVNET_POOLS: readonly DevnetPool[] = [
  { pair: 'wethUsdcPair', tokens: ['weth', 'usdc'], reserves: [side.weth, side.usdc] },
  { pair: 'wethLttPair', tokens: ['weth', 'testToken'], reserves: [side.weth, side.testToken] },
  { pair: 'usdcLttPair', tokens: ['usdc', 'testToken'], reserves: [side.usdc, side.testToken] },
]

/** How much of `token` the liquidity account puts into the pools, all of it. */
const liquidityOf = (token: DevnetPoolToken) =>
  DEVNET_POOLS.flatMap((pool) =>
    pool.tokens.map((t, i) => (t === token ? pool.reserves[i]! : 0n)),
  ).reduce((sum, amount) => sum + amount, 0n)

/** The ether the liquidity account is given: the pools' WETH plus plenty for gas. */
const LIQUIDITY_ACCOUNT_ETH = liquidityOf('weth') + parseEther('100')

/** Where the swap contracts live on every devnet chain (part of `DevnetContracts`). */
export interface DevnetSwapContracts {
  /** WETH9, the router's wrapped ether. */
  readonly weth: Address
  /** The 6-decimal test USDC ({@link TEST_USDC}). */
  readonly usdc: Address
  readonly uniswapV2Factory: Address
  readonly uniswapV2Router: Address
  /** The seeded pairs ({@link DEVNET_POOLS}), at their CREATE2 addresses. */
  readonly wethUsdcPair: Address
  readonly wethLttPair: Address
  readonly usdcLttPair: Address
}

/** The swap contracts the liquidity account deploys, at its nonces 0..3 in this order. */
type Deployed = 'weth' | 'uniswapV2Factory' | 'uniswapV2Router' | 'usdc'
const DEPLOY_ORDER: readonly Deployed[] = ['weth', 'uniswapV2Factory', 'uniswapV2Router', 'usdc']

/**
 * The swap contracts' addresses, the same on every chain: the four deployments at the liquidity
 * account's nonces 0..3, and each pair where the factory's CREATE2 puts it (sorted tokens as the
 * salt, {@link UNISWAP_V2_PAIR_INIT_CODE_HASH} as the code), which is what Router02 computes too.
 * @param testToken LTT's address, taken rather than imported to keep this module out of a cycle.
 */
export function swapContractAddresses(testToken: Address): DevnetSwapContracts {
  const [weth, uniswapV2Factory, uniswapV2Router, usdc] = DEPLOY_ORDER.map((_, nonce) =>
    getContractAddress({ from: DEVNET_LIQUIDITY_ACCOUNT.address, nonce: BigInt(nonce) }),
  ) as [Address, Address, Address, Address]
  const tokens: Record<DevnetPoolToken, Address> = { weth, usdc, testToken }
  const pairs = Object.fromEntries(
    DEVNET_POOLS.map((pool) => [
      pool.pair,
      pairAddress(uniswapV2Factory, tokens[pool.tokens[0]], tokens[pool.tokens[1]]),
    ]),
  ) as Record<DevnetPool['pair'], Address>
  return { weth, usdc, uniswapV2Factory, uniswapV2Router, ...pairs }
}

function pairAddress(factory: Address, a: Address, b: Address): Address {
  const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  })
}

/**
 * LTT's constructor mints the same amount to every address it lists, and only at deployment: the
 * liquidity account is listed once per `amountEach` its pools need (15 times 1,000,000 for two
 * pools of 7,500,000), after the test accounts. So TestToken's code, its address and
 * TEST_TOKEN's holders and their balances stay as they were; only its total supply grows.
 * @throws Error when the pools' LTT is not a whole number of `amountEach`.
 */
export function lttLiquidityMints(amountEach: bigint): Address[] {
  const total = liquidityOf('testToken')
  if (total % amountEach !== 0n) throw new Error('The pools need LTT in whole holder amounts')
  return Array.from({ length: Number(total / amountEach) }, () => DEVNET_LIQUIDITY_ACCOUNT.address)
}

/** The liquidity account's wallet on one chain. */
export type LiquidityWallet = WalletClient<HttpTransport, DevnetNetwork, PrivateKeyAccount>

/** What {@link deploySwapContracts} works with on one chain. */
export interface SwapDeployment {
  wallet: LiquidityWallet
  client: PublicClient
  tester: TestClient<'anvil'>
  addresses: DevnetSwapContracts & { readonly testToken: Address }
  /** Resolves once LTT is mined: the LTT pools need the liquidity account's LTT. */
  lttDeployed: () => Promise<void>
}

// Explicit gas limits (about 1.5 times what each uses: 0.60M, 3.05M, 4.76M, 0.66M, 46k and
// 2.72M) skip an estimate per transaction and let every transaction go out without waiting for
// the one before: an estimate of addLiquidity would fail while its approval is still pending.
const GAS = {
  weth: 900_000n,
  uniswapV2Factory: 4_500_000n,
  uniswapV2Router: 7_000_000n,
  usdc: 1_000_000n,
  approve: 70_000n,
  addLiquidity: 4_000_000n,
} as const

/**
 * Deploys the swap contracts and seeds {@link DEVNET_POOLS} through Router02, all from the
 * liquidity account, one transaction after another with explicit nonces and no waiting in
 * between (the node runs one sender's transactions in nonce order): WETH9, the factory
 * (feeToSetter: the liquidity account; no fee is switched on), Router02 and USDC at nonces 0..3,
 * the router's approvals for USDC and LTT at 4 and 5, then each pool's liquidity at 6..8
 * (addLiquidityETH for the WETH pools, which wraps the ether). The liquidity account keeps the LP
 * tokens. A pool's first deposit sets its price, so the amounts are taken exactly.
 * @throws Error when a transaction fails, or a contract or pair is not where `addresses` says.
 */
export async function deploySwapContracts(deployment: SwapDeployment): Promise<void> {
  const { wallet, client, tester, addresses } = deployment
  const lp = wallet.account.address
  const chainId = wallet.chain.id
  const [fees] = await Promise.all([
    client.estimateFeesPerGas(),
    tester.setBalance({ address: lp, value: LIQUIDITY_ACCOUNT_ETH }),
  ])
  // Twice the estimate, given with the gas and chain id so viem signs each transaction without
  // asking the node to fill it in (one request less each). Ample: at start-up every block is far
  // under the gas target, so the base fee only falls.
  const tx = {
    chainId,
    maxFeePerGas: fees.maxFeePerGas * 2n,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  }
  let nonce = 0
  const deploy = (contract: Deployed, request: { abi: Abi; bytecode: Hex; args?: unknown[] }) =>
    wallet.deployContract({ ...request, ...tx, gas: GAS[contract], nonce: nonce++ })
  // In DEPLOY_ORDER, which the addresses are computed from. None needs another to exist yet: the
  // router only stores the factory's and WETH's addresses.
  const deployments: Record<Deployed, Hash> = {
    weth: await deploy('weth', weth9Artifact),
    uniswapV2Factory: await deploy('uniswapV2Factory', { ...uniswapV2FactoryArtifact, args: [lp] }),
    uniswapV2Router: await deploy('uniswapV2Router', {
      ...uniswapV2Router02Artifact,
      args: [addresses.uniswapV2Factory, addresses.weth],
    }),
    usdc: await deploy('usdc', {
      ...testUSDCArtifact,
      args: [
        TEST_USDC.name,
        TEST_USDC.symbol,
        [...TEST_USDC.holders, lp],
        [...TEST_USDC.holders.map(() => TEST_USDC.amountPerHolder), liquidityOf('usdc')],
      ],
    }),
  }

  const approve = (token: Address) =>
    wallet.writeContract({
      ...tx,
      address: token,
      abi: testUsdcAbi,
      functionName: 'approve',
      args: [addresses.uniswapV2Router, maxUint256],
      gas: GAS.approve,
      nonce: nonce++,
    })
  const pooled: Hash[] = [await approve(addresses.usdc)]
  await deployment.lttDeployed()
  pooled.push(await approve(addresses.testToken))
  const router = { ...tx, address: addresses.uniswapV2Router, abi: uniswapV2RouterAbi } as const
  for (const { tokens, reserves } of DEVNET_POOLS) {
    const [a, b] = [addresses[tokens[0]], addresses[tokens[1]]]
    pooled.push(
      tokens[0] === 'weth'
        ? await wallet.writeContract({
            ...router,
            functionName: 'addLiquidityETH',
            args: [b, reserves[1], reserves[1], reserves[0], lp, maxUint256],
            value: reserves[0],
            gas: GAS.addLiquidity,
            nonce: nonce++,
          })
        : await wallet.writeContract({
            ...router,
            functionName: 'addLiquidity',
            args: [a, b, reserves[0], reserves[1], reserves[0], reserves[1], lp, maxUint256],
            gas: GAS.addLiquidity,
            nonce: nonce++,
          }),
    )
  }

  const [, receipts] = await Promise.all([
    awaitDeployments(client, chainId, deployments, addresses),
    awaitSuccess(client, chainId, pooled, 'Seeding the pools'),
  ])
  // The router found each pair by the init code hash; the factory's event says where it is.
  const created = parseEventLogs({
    abi: uniswapV2FactoryAbi,
    eventName: 'PairCreated',
    logs: receipts.flatMap((receipt) => receipt.logs),
  })
  for (const pool of DEVNET_POOLS) {
    const expected = addresses[pool.pair]
    // args[2] is the pair: the event's last input is unnamed, so viem decodes the args as a list.
    if (!created.some((log) => isAddressEqual(log.args[2], expected))) {
      throw new Error(`The ${pool.pair} on chain ${chainId} is not at ${expected}`)
    }
  }
}

import {
  createPublicClient,
  erc20Abi,
  http,
  multicall3Abi,
  parseEventLogs,
  zeroAddress,
  type Address,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_LIQUIDITY_ACCOUNT, devnetAccounts } from './accounts.js'
import { collectionTokenSvg, collectionTokenUri, TEST_COLLECTION } from './collection.js'
import { devnetContractAddresses, MULTICALL3_ADDRESS, testCollectionAbi } from './contracts.js'
import { startDevnet, type Devnet } from './devnet.js'
import { devnetNetwork } from './network.js'
import { SEEDED_TRANSFERS } from './seed.js'

const decode = (uri: string, prefix: string) => {
  expect(uri.startsWith(prefix)).toBe(true)
  return Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8')
}

describe('the collection token URIs', () => {
  it('inline the metadata JSON and an SVG image, so nothing is fetched', () => {
    const json = JSON.parse(decode(collectionTokenUri(3), 'data:application/json;base64,')) as {
      name: string
      image: string
    }
    expect(json.name).toBe('Latch Devnet Tile #3')
    expect(decode(json.image, 'data:image/svg+xml;base64,')).toBe(collectionTokenSvg(3))
    expect(collectionTokenSvg(3)).toContain('#3</text>')
  })
})

describe('a started devnet', () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  })
  afterAll(async () => {
    await devnet?.stop()
  })
  const client = () =>
    createPublicClient({
      chain: devnetNetwork(devnet.chains[0]!),
      transport: http(devnet.chains[0]!.rpcUrl),
    })

  it('has Multicall3 at its canonical address, answering aggregate3 and getEthBalance', async () => {
    const account = devnetAccounts[4]!.address
    const [native, token] = await client().multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: false,
      contracts: [
        {
          address: MULTICALL3_ADDRESS,
          abi: multicall3Abi,
          functionName: 'getEthBalance',
          args: [account],
        },
        {
          address: devnetContractAddresses.testToken,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
        },
      ],
    })
    expect(native).toBe(await client().getBalance({ address: account }))
    expect(token).toBe(10n ** 24n)
  })

  it('minted the collection: two tiles each to accounts 0, 1 and 2, with their URIs', async () => {
    const collection = devnetContractAddresses.testCollection
    const read = <T>(functionName: 'ownerOf' | 'tokenURI', id: bigint) =>
      client().readContract({
        address: collection,
        abi: testCollectionAbi,
        functionName,
        args: [id],
      }) as Promise<T>
    for (const [index, owner] of TEST_COLLECTION.owners.entries()) {
      const id = BigInt(index + 1)
      await expect(read<Address>('ownerOf', id)).resolves.toBe(owner)
      await expect(read<string>('tokenURI', id)).resolves.toBe(TEST_COLLECTION.tokenUris[index])
    }
    await expect(
      client().readContract({ address: collection, abi: testCollectionAbi, functionName: 'name' }),
    ).resolves.toBe(TEST_COLLECTION.name)
  })

  it('seeded LTT transfers 0 → 1 → 2 → 0 at start-up', async () => {
    const logs = parseEventLogs({
      abi: erc20Abi,
      eventName: 'Transfer',
      logs: await client().getLogs({ address: devnetContractAddresses.testToken, fromBlock: 0n }),
    })
      // Left out: the mints, and the liquidity account's deposits into the pools (uniswap.ts).
      .filter((log) => ![zeroAddress, DEVNET_LIQUIDITY_ACCOUNT.address].includes(log.args.from))
    // The three go out at once (one per sender), so the chain may order them either way.
    const bySender = (a: { from: string }, b: { from: string }) => a.from.localeCompare(b.from)
    expect(
      logs
        .map((log) => ({ from: log.args.from, to: log.args.to, amount: log.args.value }))
        .sort(bySender),
    ).toEqual(
      SEEDED_TRANSFERS.map((t) => ({
        from: devnetAccounts[t.from]!.address,
        to: devnetAccounts[t.to]!.address,
        amount: t.amount,
      })).sort(bySender),
    )
  })
})

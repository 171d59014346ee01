import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  concatHex,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  parseAbi,
  serializeErc6492Signature,
  stringToHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import * as z from 'zod'

// Smart accounts for the sign-in tests: test/contracts/OwnedWallet.sol, compiled here with solc
// from npm (the devnet's compiler), deployed on a test's anvil chain, or left counterfactual
// behind its factory for ERC-6492.

/** The compiled contracts' creation code. */
interface Compiled {
  wallet: Hex
  factory: Hex
}

const hexSchema = z.string().regex(/^[0-9a-f]*$/)
const outputSchema = z.object({
  errors: z.array(z.object({ severity: z.string(), formattedMessage: z.string() })).optional(),
  contracts: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({ evm: z.object({ bytecode: z.object({ object: hexSchema }) }) }),
    ),
  ),
})

let compiled: Compiled | undefined

/** Compiles OwnedWallet.sol once per test file (a second or so for solc's WebAssembly). */
function compile(): Compiled {
  if (compiled) return compiled
  const solc: { compile(input: string): string } = createRequire(import.meta.url)('solc')
  const file = 'OwnedWallet.sol'
  const content = readFileSync(new URL(`./contracts/${file}`, import.meta.url), 'utf8')
  const output = outputSchema.parse(
    JSON.parse(
      solc.compile(
        JSON.stringify({
          language: 'Solidity',
          sources: { [file]: { content } },
          settings: {
            evmVersion: 'cancun',
            outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
          },
        }),
      ),
    ),
  )
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const code = (name: string): Hex => `0x${output.contracts[file]![name]!.evm.bytecode.object}`
  compiled = { wallet: code('OwnedWallet'), factory: code('OwnedWalletFactory') }
  return compiled
}

const factoryAbi = parseAbi(['function deploy(address owner, bytes32 salt) returns (address)'])

/** A contract wallet of `owner`, and how it signs a text (EIP-191, checked by ERC-1271). */
export interface ContractWallet {
  address: Address
  sign(text: string): Promise<Hex>
}

/** A test chain and the account that pays for deployments on it. */
export interface Deployment {
  client: PublicClient
  rpcUrl: string
  deployer: PrivateKeyAccount
}

/** Deploys creation code (constructor arguments appended) and answers its address. */
async function deploy(on: Deployment, bytecode: Hex): Promise<Address> {
  const wallet = createWalletClient({ account: on.deployer, transport: http(on.rpcUrl) })
  // `chain: null`: the chain id is read from the node.
  const hash = await wallet.sendTransaction({ data: bytecode, chain: null })
  const { contractAddress } = await on.client.waitForTransactionReceipt({ hash })
  if (!contractAddress) throw new Error('Nothing was deployed')
  return getAddress(contractAddress)
}

const withOwner = (code: Hex, owner: Address) =>
  concatHex([code, encodeAbiParameters([{ type: 'address' }], [owner])])

/** Deploys an OwnedWallet of `owner`. */
export async function deployContractWallet(
  on: Deployment,
  owner: PrivateKeyAccount,
): Promise<ContractWallet> {
  const address = await deploy(on, withOwner(compile().wallet, owner.address))
  return { address, sign: (text) => owner.signMessage({ message: text }) }
}

/**
 * A counterfactual OwnedWallet of `owner`: only its factory is deployed; the wallet's address is
 * the factory's CREATE2 one, and its signatures are ERC-6492 wrapped (the factory call first).
 */
export async function counterfactualWallet(
  on: Deployment,
  owner: PrivateKeyAccount,
): Promise<ContractWallet> {
  const factory = await deploy(on, compile().factory)
  const salt = keccak256(stringToHex(owner.address))
  const bytecode = withOwner(compile().wallet, owner.address)
  const address = getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode })
  const data = encodeFunctionData({
    abi: factoryAbi,
    functionName: 'deploy',
    args: [owner.address, salt],
  })
  return {
    address,
    sign: async (text) =>
      serializeErc6492Signature({
        address: factory,
        data,
        signature: await owner.signMessage({ message: text }),
      }),
  }
}

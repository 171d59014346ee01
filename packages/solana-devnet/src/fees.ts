/**
 * The fee a message costs, computed as the runtime does (solana-fee `calculate_fee` with the
 * compute-budget rules of Agave 4.x), for getFeeForMessage and simulation results. LiteSVM charges
 * the same fee; `rpc.transfer.test.ts` checks the two agree, priority fee included.
 */
import type { DecodedMessage } from './wire.js'

/** Lamports per signature: FeeStructure's default, and LiteSVM's. */
export const LAMPORTS_PER_SIGNATURE = 5_000n

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n
/** The default limit of an instruction of a builtin program (SIMD-0170) and of any other. */
const BUILTIN_INSTRUCTION_LIMIT = 3_000n
const DEFAULT_INSTRUCTION_LIMIT = 200_000n

// Builtins that are still native (not migrated to BPF): their instructions get the small default.
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
])

// Each precompile instruction's first data byte counts signatures that are also charged for.
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
])

interface Instruction {
  program: string
  data: Uint8Array
}

function instructionsOf(message: DecodedMessage): Instruction[] {
  if (message.version === 1) {
    return message.instructionHeaders.map((header, index) => ({
      program: message.staticAccounts[header.programAccountIndex] ?? '',
      data: Uint8Array.from(message.instructionPayloads[index]?.instructionData ?? []),
    }))
  }
  return message.instructions.map((instruction) => ({
    program: message.staticAccounts[instruction.programAddressIndex] ?? '',
    data: Uint8Array.from(instruction.data ?? []),
  }))
}

function readUint(data: Uint8Array, bytes: 4 | 8): bigint | undefined {
  if (data.length !== 1 + bytes) return undefined
  const view = new DataView(data.buffer, data.byteOffset + 1, bytes)
  return bytes === 4 ? BigInt(view.getUint32(0, true)) : view.getBigUint64(0, true)
}

/**
 * The priority fee of a legacy or v0 message: ceil(price × limit / 10^6), from its compute-budget
 * instructions; `undefined` when one of them is malformed or repeated (the runtime rejects those).
 */
function priorityFee(instructions: Instruction[]): bigint | undefined {
  let limit: bigint | undefined
  let price: bigint | undefined
  let builtin = 0n
  let other = 0n
  for (const { program, data } of instructions) {
    if (BUILTIN_PROGRAMS.has(program)) builtin++
    else other++
    if (program !== COMPUTE_BUDGET_PROGRAM) continue
    const kind = data[0]
    if (kind === 2) {
      if (limit !== undefined) return undefined
      limit = readUint(data, 4)
      if (limit === undefined) return undefined
    } else if (kind === 3) {
      if (price !== undefined) return undefined
      price = readUint(data, 8)
      if (price === undefined) return undefined
    } else if (kind !== 1 && kind !== 4) {
      return undefined
    }
  }
  if (price === undefined || price === 0n) return 0n
  const defaultLimit = builtin * BUILTIN_INSTRUCTION_LIMIT + other * DEFAULT_INSTRUCTION_LIMIT
  const units =
    (limit ?? defaultLimit) < MAX_COMPUTE_UNIT_LIMIT
      ? (limit ?? defaultLimit)
      : MAX_COMPUTE_UNIT_LIMIT
  return (price * units + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT
}

/**
 * The fee of a message in lamports (signatures, precompile signatures and priority fee), or
 * `null` where the runtime could not price it (a malformed compute-budget instruction).
 */
export function messageFee(message: DecodedMessage): bigint | null {
  const instructions = instructionsOf(message)
  let signatures = BigInt(message.header.numSignerAccounts)
  for (const { program, data } of instructions) {
    if (PRECOMPILES.has(program)) signatures += BigInt(data[0] ?? 0)
  }
  let priority: bigint | undefined
  if (message.version === 1) {
    // A v1 message states its priority fee in lamports in its config (mask bits 0-1, a u64 that
    // comes first among the values); its compute-budget instructions are no-ops.
    const first = message.configValues[0]
    priority = (message.configMask & 0b11) !== 0 && first?.kind === 'u64' ? first.value : 0n
  } else {
    priority = priorityFee(instructions)
  }
  return priority === undefined ? null : signatures * LAMPORTS_PER_SIGNATURE + priority
}

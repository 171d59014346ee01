import type { Address, Instruction } from '@solana/kit'

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address

/** SetComputeUnitLimit: discriminator 2, then the limit as a u32 (little-endian). */
export function computeUnitLimit(units: number): Instruction {
  const data = new Uint8Array(5)
  data[0] = 2
  new DataView(data.buffer).setUint32(1, units, true)
  return { programAddress: COMPUTE_BUDGET_PROGRAM, data }
}

/** SetComputeUnitPrice: discriminator 3, then micro-lamports per CU as a u64 (little-endian). */
export function computeUnitPrice(microLamports: bigint): Instruction {
  const data = new Uint8Array(9)
  data[0] = 3
  new DataView(data.buffer).setBigUint64(1, microLamports, true)
  return { programAddress: COMPUTE_BUDGET_PROGRAM, data }
}

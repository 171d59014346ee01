/**
 * The params of each sats-connect method this wallet answers, checked at the boundary as
 * `@sats-connect/core` 0.16's valibot schemas define them (zod here: the wallet's own validator).
 */
import * as z from 'zod/mini'

/** Every purpose sats-connect knows; the non-Bitcoin ones are accepted and find no address. */
const purposeSchema = z.enum(['payment', 'ordinals', 'stacks', 'starknet', 'spark'])
const networkNameSchema = z.enum(['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'])

export const getAddressesParams = z.object({
  purposes: z.array(purposeSchema),
  message: z.optional(z.string()),
})

export const connectParams = z.nullish(
  z.object({
    permissions: z.optional(z.array(z.unknown())),
    addresses: z.optional(z.array(purposeSchema)),
    message: z.optional(
      z.string().check(z.maxLength(80, 'The message must not exceed 80 characters.')),
    ),
    network: z.optional(networkNameSchema),
  }),
)

export const changeNetworkParams = z.object({ name: networkNameSchema })

export const signMessageParams = z.object({
  address: z.string(),
  message: z.string(),
  protocol: z.optional(z.enum(['ECDSA', 'BIP322'])),
})

export const signPsbtParams = z.object({
  psbt: z.string().check(z.minLength(1)),
  signInputs: z.optional(z.record(z.string(), z.array(z.int().check(z.nonnegative())))),
  broadcast: z.optional(z.boolean()),
})

export const sendTransferParams = z.object({
  recipients: z
    .array(
      z.object({
        address: z.string(),
        amount: z.int({ error: 'amount is a whole number of sats' }).check(z.positive()),
      }),
    )
    .check(z.minLength(1, 'recipients must not be empty')),
})

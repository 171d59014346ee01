import { isAllowedFrameAncestor, isFrameAncestorPattern } from '@latch/core/api'
import * as z from 'zod/mini'

/**
 * What the Latch server writes into the frame page for one project (the JSON script
 * `#latch-frame-config`): who may embed the frame, where its API is, and the chains it may use.
 * The server's own check decides; the frame repeats it before answering anything.
 */
export const frameConfigSchema = z.object({
  /** The Latch server's public URL (its origin): the auth, custody and RPC routes. */
  apiUrl: z.url(),
  /** The frame's chain RPC: the server's proxy, for the frame's origin (`?projectId&chainId`). */
  rpcUrl: z.url(),
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  /**
   * Who may embed the frame, as patterns: the project's allowed origins, plus the development
   * ancestors when the server runs in development mode (never in production).
   */
  allowedAncestors: z.array(
    z.string().check(z.refine(isFrameAncestorPattern, 'Must be an origin pattern')),
  ),
  /** The EVM chains this server proxies, by number: signing and sending happen on these only. */
  chains: z
    .array(
      z.object({
        id: z.number().check(z.int(), z.positive()),
        name: z.string(),
      }),
    )
    .check(z.minLength(1, 'The server proxies no EVM chain')),
})

export type FrameConfig = z.output<typeof frameConfigSchema>
export type FrameChain = FrameConfig['chains'][number]

/** The config element's id in the page. */
export const FRAME_CONFIG_ELEMENT_ID = 'latch-frame-config'

/**
 * Reads the configuration the server put in the page.
 * @throws Error naming each wrong field, when the page carries none or a bad one.
 */
export function readFrameConfig(doc: Pick<Document, 'getElementById'>): FrameConfig {
  const text = doc.getElementById(FRAME_CONFIG_ELEMENT_ID)?.textContent ?? ''
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error('The frame page carries no configuration')
  }
  const parsed = z.safeParse(frameConfigSchema, json)
  if (!parsed.success) {
    throw new Error(
      `Invalid frame configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
  }
  return parsed.data
}

/**
 * The frame's check of its parent (the endpoint's `allowedParentOrigins`): an exact origin that
 * matches the ancestors the server sent, by core's one rule, the rule the server's CSP follows.
 */
export function allowsParent(config: Pick<FrameConfig, 'allowedAncestors'>) {
  return (origin: string): boolean => isAllowedFrameAncestor(origin, config.allowedAncestors)
}

/** A chain id of the protocol (a number or `eip155:N`) as an EVM chain number, if it is one. */
export function evmChainNumber(chainId: number | string): number | undefined {
  if (typeof chainId === 'number') return chainId
  const match = /^eip155:([0-9]{1,10})$/.exec(chainId)
  return match ? Number(match[1]) : undefined
}

import { createTranslator, enMessages } from '@latch/react'

/**
 * The modal's English catalogue: tests find controls by the same strings users read, so a
 * reworded message moves the test with it instead of breaking it.
 */
export const t = createTranslator(enMessages)

import type { FrameClient, FrameNotice, FrameUser } from '@latch/frame'

// What the Chromium test's host page puts on `window` (host-entry.ts).
declare global {
  interface Window {
    latch: {
      client: FrameClient
      notices: FrameNotice[]
      refused: { count: number }
      social: { user?: FrameUser; error?: string }
    }
  }
}

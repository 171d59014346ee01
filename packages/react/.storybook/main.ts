import type { StorybookConfig } from '@storybook/react-vite'

// Storybook must never phone home: the test command runs offline, and so does every CI.
process.env.STORYBOOK_DISABLE_TELEMETRY = '1'

/**
 * Storybook for @latch/react: every view in each of its states, built from real machine
 * snapshots (see src/stories/story-latch.tsx). `pnpm storybook:build` runs in the test command,
 * so a story that stops compiling fails the build.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx'],
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    disableProjectJson: true,
    enableCrashReports: false,
  },
  // No prop tables are shown (the stories take no args), so docgen would only cost build time.
  typescript: { reactDocgen: false, check: false },
  features: {
    // Storybook's onboarding checklists (links out to storybook.js.org) do not belong here.
    sidebarOnboardingChecklist: false,
    menuOnboardingChecklist: false,
  },
  // Vite 8 compiles JSX itself (no @vitejs/plugin-react): the automatic runtime, as tsconfig says.
  viteFinal: (vite) => ({
    ...vite,
    oxc: { ...(typeof vite.oxc === 'object' ? vite.oxc : {}), jsx: { runtime: 'automatic' } },
    // Quiet in the test command: warnings and errors only, and no size report for the preview
    // bundle (Storybook's own runtime is most of it; the package's budgets live in `pnpm bench`).
    logLevel: 'warn',
    build: { ...vite.build, chunkSizeWarningLimit: 4096 },
  }),
}

export default config

import type { Breakpoint } from 'antd';

/**
 * The screens a secondary column shows on: from a tablet's width up. On a phone a list keeps the columns that
 * say what a row is and what can be done with it, so they fit the screen without scrolling sideways.
 */
export const WIDE_SCREENS: Breakpoint[] = ['md'];

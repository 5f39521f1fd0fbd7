/**
 * Menus opened from the header stack above toasts (antd notifications sit at 2050), so a toast in the
 * top-right corner never covers the logout item or the language list the user just opened.
 */
export const HEADER_POPUP_Z_INDEX = 2100;

/** Numeric codes shared with one-api's database and wire format: never renumber. */

export const Role = { Guest: 0, Common: 1, Admin: 10, Root: 100 } as const;
export type Role = (typeof Role)[keyof typeof Role];

export const UserStatus = { Enabled: 1, Disabled: 2, Deleted: 3 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const TokenStatus = { Enabled: 1, Disabled: 2, Expired: 3, Exhausted: 4 } as const;
export type TokenStatus = (typeof TokenStatus)[keyof typeof TokenStatus];

export const ChannelStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;
export type ChannelStatus = (typeof ChannelStatus)[keyof typeof ChannelStatus];

export const RedemptionStatus = { Unused: 1, Disabled: 2, Used: 3 } as const;
export type RedemptionStatus = (typeof RedemptionStatus)[keyof typeof RedemptionStatus];

/**
 * Log type 0 is "all" in filters; 5 (channel test) comes from one-api's newer console. 6 (a failed relay
 * request) is Tollgate's: new-api numbers its error logs 5, but one-api's databases already hold channel
 * tests under 5, so errors take the first number one-api does not use (its console shows it as unknown).
 */
export const LogType = { All: 0, Topup: 1, Consume: 2, Manage: 3, System: 4, Test: 5, Error: 6 } as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

export const isAdmin = (role: number | undefined): boolean => (role ?? 0) >= Role.Admin;
export const isRoot = (role: number | undefined): boolean => (role ?? 0) >= Role.Root;

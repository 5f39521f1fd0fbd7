import type { CreateRedemptionRequest, Redemption } from '@tollgate/contract';

export interface RedemptionFormValues {
  name: string;
  quota: number | string | null;
  count: number | string | null;
}

export type RedemptionPayload = Required<CreateRedemptionRequest>;

/** Integer parsing as one-api's parseInt; an empty field counts as 0. */
const toInt = (value: number | string | null): number => {
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** The create body, or undefined when the name is empty (spec section 5: the name is required on create). */
export function buildRedemptionPayload(values: RedemptionFormValues): RedemptionPayload | undefined {
  const name = values.name.trim();
  if (name === '') return undefined;
  return { name, quota: toInt(values.quota), count: toInt(values.count) };
}

/** PUT /api/redemption/ sends the loaded code with the edited name and quota. */
export const redemptionUpdateBody = (loaded: Redemption, values: RedemptionFormValues): Redemption => ({
  ...loaded,
  name: values.name.trim(),
  quota: toInt(values.quota),
});

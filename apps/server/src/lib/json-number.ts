/**
 * A number as JSON.stringify writes it, for JSON put together as text: what is not finite is `null`, where a
 * template literal would write `NaN` or `Infinity` and make the whole text unreadable.
 */
export const jsonNumber = (value: number): number | 'null' => (Number.isFinite(value) ? value : 'null');

/**
 * Smart meter device ids: a validator and a seeded generator.
 *
 * Source: the platform's published contract (docs/sources.md) gives a smart meter's device id in
 * the form `01-23-45-67-89-AB-CD-EF`: the device's EUI-64, eight bytes written as hexadecimal
 * pairs joined by hyphens, as the Smart DCC's inventory lists them. Its check is unpublished, so
 * the kit's check is tolerant of case and of the hyphens being left out. [I]
 */
import type { Faker } from '@faker-js/faker';

const DEVICE_ID = /^[0-9A-F]{2}(?:-?[0-9A-F]{2}){7}$/i;

/**
 * A smart device id check (platform: invalid_smart_device_id): eight hexadecimal byte pairs, each
 * pair after the first optionally preceded by a hyphen (`01-23-45-67-89-AB-CD-EF`,
 * `0123456789abcdef`).
 */
export function isValidSmartDeviceId(value: string): boolean {
  return DEVICE_ID.test(value);
}

/**
 * A seeded device id in the DCC form: upper-case byte pairs joined by hyphens. The first three
 * bytes are an organisationally unique identifier of a meter maker in real ids; here they are
 * drawn, not looked up. [I]
 */
export function generateSmartDeviceId(faker: Faker): string {
  return Array.from({ length: 8 }, () => faker.string.hexadecimal({ length: 2, prefix: '' }))
    .join('-')
    .toUpperCase();
}

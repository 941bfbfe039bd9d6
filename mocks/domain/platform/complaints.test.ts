import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { complaintRules } from './complaints.ts';
import { testContext } from './context.test-helper.ts';
import type { Account, PlatformContext } from './context.ts';

type Json = Record<string, unknown>;
const TODAY = '2024-04-15';

function run(overrides: Json, ctx: PlatformContext = testContext(TODAY)) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return complaintRules(account, ctx).map((e) => [e.attr, e.code]);
}

const COMPLAINT = {
  complainant_email: 'jo.bloggs@example.com',
  complainant_name: 'Jo Bloggs',
  complaint_contacts: [
    {
      body: 'Called about an estimated bill.',
      communication_method: 'LANDLINE',
      communication_source: 'PHONE',
      created_at: '2024-03-01T10:00:00Z',
      status: 'OPEN',
    },
  ],
  created_at: '2024-03-01T10:00:00Z',
  has_chsr_letter_been_sent: false,
  has_eight_week_letter_been_sent: false,
  type_of_complaint: 'BILLING',
  subtype_of_complaint: 'ESTIMATED_BILL',
};

describe('the platform validators of complaints (validateAccount)', () => {
  test('[GEN-6] the spec examples break none of them', () => {
    expect(run({})).toEqual([]);
    expect(complaintRules(specExample<Account>('BusinessAccount'), testContext(TODAY))).toEqual([]);
  });

  test('[GEN-6] a complaint type or subtype not configured is invalid_complaint_type_or_subtype', () => {
    expect(run({ complaints: [COMPLAINT] })).toEqual([]);
    expect(run({ complaints: [{ ...COMPLAINT, subtype_of_complaint: 'FAULTY_METER' }] })).toEqual([
      ['complaints.0', 'invalid_complaint_type_or_subtype'],
    ]);
  });

  test('[GEN-6] an official complaint missing a field is official_complaint_field_missing', () => {
    expect(run({ complaints: [{ ...COMPLAINT, official_entity: 'ENERGY_OMBUDSMAN' }] })).toEqual([
      ['complaints.0', 'official_complaint_field_missing'],
    ]);
  });

  test('[GEN-6] an official body or status not configured is invalid_official_organization_or_status', () => {
    const official = {
      official_entity: 'ENERGY_OMBUDSMAN',
      official_reference_number: 'OMB-1234567',
      official_status: 'OPEN',
    };
    expect(run({ complaints: [{ ...COMPLAINT, ...official }] })).toEqual([]);
    expect(
      run({ complaints: [{ ...COMPLAINT, ...official, official_status: 'REFERRED' }] }),
    ).toEqual([['complaints.0', 'invalid_official_organization_or_status']]);
  });

  test('[GEN-6] an eight-week letter without the CHSR letter is chsr_letter_not_sent', () => {
    expect(run({ complaints: [{ ...COMPLAINT, has_eight_week_letter_been_sent: true }] })).toEqual([
      ['complaints.0', 'chsr_letter_not_sent'],
    ]);
  });

  test('[GEN-6] a complaint contact source not configured is invalid_complaint_source', () => {
    const contact = { ...COMPLAINT.complaint_contacts[0], communication_source: 'CARRIER_PIGEON' };
    expect(run({ complaints: [{ ...COMPLAINT, complaint_contacts: [contact] }] })).toEqual([
      ['complaints.0.complaint_contacts.0', 'invalid_complaint_source'],
    ]);
  });

  test('[GEN-6] a complainant’s test e-mail is possible_test_email_address', () => {
    expect(run({ complaints: [{ ...COMPLAINT, complainant_email: 'test@example.com' }] })).toEqual([
      ['complaints.0.complainant_email', 'possible_test_email_address'],
    ]);
  });
});

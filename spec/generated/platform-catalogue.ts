// Generated from spec/platform-catalogue/*.yaml by scripts/generate-platform-catalogue.ts; do not edit.
import type { components } from './control.ts';

/**
 * The kit's default platform catalogue (decision 015): the platform's own data that some of its
 * validators check against, as a realistic UK supplier would have it.
 */
export const defaultPlatformCatalogue: components['schemas']['PlatformCatalogue'] = {
  "campaigns": [
    {
      "slug": "spring-switch-2025",
      "name": "Spring Switch 2025"
    },
    {
      "slug": "refer-a-friend",
      "name": "Refer a Friend"
    },
    {
      "slug": "smart-upgrade",
      "name": "Smart Upgrade"
    },
    {
      "slug": "ev-owners",
      "name": "Electric Vehicle Owners"
    }
  ],
  "account_reference_namespaces": [
    "example-energy.allpay-client-reference-numbers",
    "example-energy.legacy-crm-id"
  ],
  "dunning_paths": [
    "STANDARD",
    "VULNERABLE",
    "BUSINESS"
  ],
  "business_detail_keys": [
    {
      "key": "vat_number",
      "type": "string",
      "pattern": "^GB[0-9]{9}$"
    },
    {
      "key": "employee_count",
      "type": "integer"
    },
    {
      "key": "is_charity",
      "type": "boolean"
    }
  ],
  "partner_organisations": [
    "ORG-000101",
    "ORG-000202"
  ],
  "managed_accounts_allowed": true,
  "create_new_portfolios": false,
  "operations_team_auto_allocation": true,
  "products": [
    {
      "code": "VAR-22-11-01",
      "display_name": "Flexible Energy November 2022",
      "fuel": "ELECTRICITY",
      "rate_bands": [
        "STANDARD"
      ],
      "is_prepay": false,
      "is_variable": true,
      "available_from": "2022-11-01T00:00:00Z",
      "available_to": null
    },
    {
      "code": "VAR-22-11-01",
      "display_name": "Flexible Energy November 2022",
      "fuel": "GAS",
      "rate_bands": [
        "STANDARD"
      ],
      "is_prepay": false,
      "is_variable": true,
      "available_from": "2022-11-01T00:00:00Z",
      "available_to": null
    }
  ],
  "contribution_schemes": [
    "WARM_HOME_FUND",
    "COMMUNITY_ENERGY_FUND"
  ],
  "affiliate_organisations": [
    "Energy Switch Partners Ltd",
    "Home Move Connect Ltd",
    "Price Compare UK Ltd"
  ],
  "ledger_codes": [
    "ENERGY",
    "DEBT",
    "SMART_PREPAY",
    "CREDIT_BALANCE"
  ],
  "debt_collection_agencies": [
    "Fairshare Collections Ltd",
    "Northern Recoveries Ltd",
    "BW Legal"
  ],
  "cais_references_supported": true,
  "payment_plan_strategies": [
    "STANDARD_INSTALMENTS",
    "SEASONAL_INSTALMENTS"
  ],
  "standalone_payment_request_methods": [
    "CARD",
    "BANK_TRANSFER",
    "PAYPOINT"
  ],
  "payment_day_of_month": {
    "min": 1,
    "max": 28
  },
  "fixed_payment_schedule_max_amount": 10000,
  "incomplete_payments_enabled": false,
  "internal_email_addresses": [
    "hello@example-energy.co.uk",
    "billing@example-energy.co.uk",
    "noreply@example-energy.co.uk"
  ],
  "consents_enabled": true,
  "consent_types": [
    "MARKETING_EMAIL",
    "MARKETING_SMS",
    "MARKETING_POST",
    "SMART_METER_DATA_HALF_HOURLY",
    "SMART_METER_DATA_DAILY"
  ],
  "psr_needs": [
    {
      "description": "Nebuliser and apnoea monitor",
      "electricity_code": "01",
      "gas_code": "01",
      "temporary": false
    },
    {
      "description": "Heart, lung and ventilator",
      "electricity_code": "02",
      "gas_code": "02",
      "temporary": false
    },
    {
      "description": "Dialysis, feeding pump and automated medication",
      "electricity_code": "03",
      "gas_code": "03",
      "temporary": false
    },
    {
      "description": "Oxygen concentrator",
      "electricity_code": "04",
      "gas_code": "04",
      "temporary": false
    },
    {
      "description": "Pensionable age",
      "electricity_code": "14",
      "gas_code": "14",
      "temporary": false
    },
    {
      "description": "Blind",
      "electricity_code": "15",
      "gas_code": "15",
      "temporary": false
    },
    {
      "description": "Partially sighted",
      "electricity_code": "16",
      "gas_code": "16",
      "temporary": false
    },
    {
      "description": "Chronic or serious illness",
      "electricity_code": "18",
      "gas_code": "18",
      "temporary": false
    },
    {
      "description": "Young adult householder",
      "electricity_code": "22",
      "gas_code": "22",
      "temporary": true
    },
    {
      "description": "Families with young children 5 or under",
      "electricity_code": "18A",
      "gas_code": null,
      "temporary": true
    },
    {
      "description": "Temporary - post hospital recovery",
      "electricity_code": "30",
      "gas_code": "30",
      "temporary": true
    }
  ],
  "customer_detail_namespaces": [
    {
      "namespace": "loyalty_number",
      "type": "string",
      "pattern": "^[0-9]{10}$",
      "unique": true
    },
    {
      "namespace": "preferred_contact_hour",
      "type": "integer"
    },
    {
      "namespace": "paperless_billing",
      "type": "boolean"
    }
  ],
  "complaint_types": [
    {
      "type": "BILLING",
      "subtypes": [
        "ESTIMATED_BILL",
        "INCORRECT_TARIFF",
        "BACK_BILLING"
      ]
    },
    {
      "type": "METERING",
      "subtypes": [
        "FAULTY_METER",
        "SMART_INSTALLATION"
      ]
    },
    {
      "type": "CUSTOMER_SERVICE",
      "subtypes": [
        "CALL_HANDLING",
        "NO_RESPONSE"
      ]
    },
    {
      "type": "PAYMENTS",
      "subtypes": [
        "DIRECT_DEBIT_AMOUNT",
        "REFUND_DELAY"
      ]
    }
  ],
  "official_complaint_organisations": [
    {
      "organisation": "ENERGY_OMBUDSMAN",
      "statuses": [
        "OPEN",
        "UPHELD",
        "NOT_UPHELD",
        "CLOSED"
      ]
    },
    {
      "organisation": "CITIZENS_ADVICE",
      "statuses": [
        "REFERRED",
        "CLOSED"
      ]
    }
  ],
  "complaint_sources": [
    "PHONE",
    "EMAIL",
    "LETTER",
    "WEBCHAT",
    "SOCIAL_MEDIA"
  ],
  "market_participants": [
    {
      "mpid": "EXEN",
      "name": "Example Energy Supply",
      "roles": [
        "SUPPLIER"
      ]
    },
    {
      "mpid": "LOND",
      "name": "London Power Networks metering",
      "roles": [
        "MOP"
      ]
    },
    {
      "mpid": "UDMS",
      "name": "United Data Collection Services",
      "roles": [
        "DC",
        "DA"
      ]
    },
    {
      "mpid": "SMRT",
      "name": "Smart Metering Services",
      "roles": [
        "MOP",
        "DC",
        "DA"
      ]
    },
    {
      "mpid": "CGAS",
      "name": "Central Gas Asset Management",
      "roles": [
        "MAM"
      ]
    },
    {
      "mpid": "GMAP",
      "name": "Gas Meter Asset Provider",
      "roles": [
        "MAP"
      ]
    },
    {
      "mpid": "EXGS",
      "name": "Example Energy Shipping",
      "roles": [
        "SHIPPER"
      ]
    }
  ],
  "agent_contract_references": [
    {
      "mpid": "LOND",
      "role": "MOP",
      "reference": "MOP-CONTRACT-2021"
    },
    {
      "mpid": "UDMS",
      "role": "DC",
      "reference": "DC-CONTRACT-2022"
    },
    {
      "mpid": "UDMS",
      "role": "DA",
      "reference": "DA-CONTRACT-2022"
    },
    {
      "mpid": "SMRT",
      "role": "MOP",
      "reference": "SMART-MOP-2023"
    }
  ],
  "skip_supply_point_creation": false,
  "skip_property_creation": false
};

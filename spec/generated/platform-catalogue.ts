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
      "code": "SVT-10-01-01",
      "display_name": "Standard Variable",
      "kind": "VARIABLE",
      "is_prepay": false,
      "term_months": null,
      "available_from": "2010-01-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "PAYG-10-01-01",
      "display_name": "Pay As You Go Variable",
      "kind": "VARIABLE",
      "is_prepay": true,
      "term_months": null,
      "available_from": "2010-01-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "FIX-12M-17-01-11",
      "display_name": "Fixed 12M January 2017",
      "kind": "FIXED",
      "is_prepay": false,
      "term_months": 12,
      "available_from": "2017-01-11T00:00:00Z",
      "available_to": "2017-07-11T00:00:00Z",
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "VAR-17-01-11",
      "display_name": "Flexible Energy January 2017",
      "kind": "VARIABLE",
      "is_prepay": false,
      "term_months": null,
      "available_from": "2017-01-11T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "PAYG-19-04-01",
      "display_name": "Pay As You Go Variable April 2019",
      "kind": "VARIABLE",
      "is_prepay": true,
      "term_months": null,
      "available_from": "2019-04-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "FIX-12M-19-06-01",
      "display_name": "Fixed 12M June 2019",
      "kind": "FIXED",
      "is_prepay": false,
      "term_months": 12,
      "available_from": "2019-06-01T00:00:00Z",
      "available_to": "2019-12-01T00:00:00Z",
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "FIX-24M-20-10-01",
      "display_name": "Fixed 24M October 2020",
      "kind": "FIXED",
      "is_prepay": false,
      "term_months": 24,
      "available_from": "2020-10-01T00:00:00Z",
      "available_to": "2021-09-01T00:00:00Z",
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "VAR-22-11-01",
      "display_name": "Flexible Energy November 2022",
      "kind": "VARIABLE",
      "is_prepay": false,
      "term_months": null,
      "available_from": "2022-11-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "FIX-12M-23-09-01",
      "display_name": "Fixed 12M September 2023",
      "kind": "FIXED",
      "is_prepay": false,
      "term_months": 12,
      "available_from": "2023-09-01T00:00:00Z",
      "available_to": "2024-03-01T00:00:00Z",
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "BUSINESS-FIX-12M-23-04-01",
      "display_name": "Business Fixed 12M April 2023",
      "kind": "FIXED",
      "is_prepay": false,
      "term_months": 12,
      "available_from": "2023-04-01T00:00:00Z",
      "available_to": "2023-10-01T00:00:00Z",
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "TRACKER-24-04-01",
      "display_name": "Tracker April 2024",
      "kind": "TRACKER",
      "is_prepay": false,
      "term_months": null,
      "available_from": "2024-04-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "AGILE-24-10-01",
      "display_name": "Agile October 2024",
      "kind": "TRACKER",
      "is_prepay": false,
      "term_months": null,
      "available_from": "2024-10-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "FIX-12M-25-01-15",
      "display_name": "Fixed 12M January 2025",
      "kind": "FIXED",
      "is_prepay": false,
      "term_months": 12,
      "available_from": "2025-01-15T00:00:00Z",
      "available_to": "2025-07-15T00:00:00Z",
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "PAYG-FIX-12M-25-05-01",
      "display_name": "Pay As You Go Fixed 12M May 2025",
      "kind": "FIXED",
      "is_prepay": true,
      "term_months": 12,
      "available_from": "2025-05-01T00:00:00Z",
      "available_to": "2025-11-01T00:00:00Z",
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "FIX-12M-26-06-01",
      "display_name": "Fixed 12M June 2026",
      "kind": "FIXED",
      "is_prepay": false,
      "term_months": 12,
      "available_from": "2026-06-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "VAR-27-01-01",
      "display_name": "Flexible Energy January 2027",
      "kind": "VARIABLE",
      "is_prepay": false,
      "term_months": null,
      "available_from": "2027-01-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "DIRECT_DEBIT",
                "NON_DIRECT_DEBIT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "PAYG-27-01-01",
      "display_name": "Pay As You Go January 2027",
      "kind": "VARIABLE",
      "is_prepay": true,
      "term_months": null,
      "available_from": "2027-01-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "flat_rate"
              ]
            }
          ]
        },
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "2R",
          "rate_bands": [
            "CONSUMPTION_DAY",
            "CONSUMPTION_NIGHT",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-electricity.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            },
            {
              "code": "gbr-electricity.meter-rate-profile",
              "values": [
                "multi_rate"
              ]
            }
          ]
        },
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "characteristics": [
            {
              "code": "sales_channel",
              "values": [
                "PARTNERSHIPS",
                "NEW_TENANT",
                "MOVE_IN",
                "DIRECT",
                "DEBT_COLLECTION_AGENCY",
                "DIGI_TELESALES",
                "LANDLORD",
                "ACQUISITION",
                "TELESALES",
                "FIELD_SALES",
                "HIGH_REFERRER",
                "WORKS_WITH_OCTOPUS",
                "PARENT_POWER",
                "WORKPLACE_POP_UP",
                "GIFT_OF_KIT",
                "PEOPLE_POWER",
                "AGGREGATOR",
                "PRICE_COMPARISON",
                "SUPPLIER_OF_LAST_RESORT",
                "EVENTS",
                "BROKER"
              ]
            },
            {
              "code": "gbr-gas.meter-point-grid-supply-point-equivalent",
              "values": [
                "_A",
                "_B",
                "_C",
                "_D",
                "_E",
                "_F",
                "_G",
                "_H",
                "_J",
                "_K",
                "_L",
                "_M",
                "_N",
                "_P"
              ]
            },
            {
              "code": "gbr-gas.payment-method",
              "values": [
                "PREPAYMENT"
              ]
            }
          ]
        }
      ]
    },
    {
      "code": "EXAMPLE-1234",
      "display_name": "Example Variable (platform example)",
      "kind": "VARIABLE",
      "is_prepay": false,
      "term_months": null,
      "available_from": "2019-01-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "ELECTRICITY",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "codes": [
            "ELEC-1234-J"
          ]
        }
      ]
    },
    {
      "code": "EXAMPLE-1234-PAYG",
      "display_name": "Example Pay As You Go (platform example)",
      "kind": "VARIABLE",
      "is_prepay": true,
      "term_months": null,
      "available_from": "2019-01-01T00:00:00Z",
      "available_to": null,
      "tariffs": [
        {
          "fuel": "GAS",
          "tariff_type": "1R",
          "rate_bands": [
            "CONSUMPTION_STANDARD",
            "STANDING_CHARGE"
          ],
          "codes": [
            "GAS-1234-J"
          ]
        }
      ]
    }
  ],
  "contribution_schemes": [
    "WARM_HOME_FUND",
    "COMMUNITY_ENERGY_FUND",
    "HEAT_PUMP_SAVINGS_PLAN"
  ],
  "affiliate_organisations": [
    "Energy Switch Partners Ltd",
    "Home Move Connect Ltd",
    "Price Compare UK Ltd"
  ],
  "prepay_customer_reference_number_required": true,
  "twin_element_meter_serial_numbers": [],
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

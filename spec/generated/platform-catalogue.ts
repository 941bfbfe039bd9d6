// Generated from spec/platform-catalogue/*.yaml by scripts/generate-platform-catalogue.ts; do not edit.
import type { components } from './control.ts';

/**
 * The kit's default platform catalogue (decision 015): the platform's own data that some of its
 * validators check against, as a realistic UK supplier would have it.
 */
export const defaultPlatformCatalogue: components['schemas']['PlatformCatalogue'] = {
  "campaigns": [
    {
      "slug": "smart_incentive",
      "name": "Smart Meter Incentive"
    },
    {
      "slug": "heatwave_relief_pack_requested",
      "name": "Heatwave Relief Pack"
    },
    {
      "slug": "ev_tariffs",
      "name": "Electric Vehicle Tariffs"
    },
    {
      "slug": "financial-vulnerability",
      "name": "Financial Vulnerability Support"
    },
    {
      "slug": "debt_management_plan_active",
      "name": "Debt Management Plan"
    },
    {
      "slug": "super_account",
      "name": "Super Account"
    }
  ],
  "account_reference_namespaces": [
    "demo-energy.allpay-client-reference-number",
    "demo-energy.legacy-crm-id",
    "demo-energy.prepay-card-number",
    "tentacle-energy.allpay-client-reference-number"
  ],
  "dunning_paths": [
    "standard_domestic",
    "vulnerable_domestic",
    "payment_plan_missed",
    "final_bill"
  ],
  "business_detail_keys": [
    {
      "key": "sic_codes",
      "type": "string",
      "pattern": "^[0-9]{5}(,[0-9]{5})*$"
    },
    {
      "key": "vat_number",
      "type": "string",
      "pattern": "^GB([0-9]{9}|[0-9]{12})$"
    },
    {
      "key": "registered_charity_number",
      "type": "string",
      "pattern": "^([0-9]{6,7}|SC[0-9]{6})$"
    },
    {
      "key": "ofgem_protection_label",
      "type": "string"
    }
  ],
  "partner_organisations": [
    "ORG-000101",
    "ORG-000202"
  ],
  "managed_accounts_allowed": true,
  "create_new_portfolios": false,
  "operations_team_auto_allocation": false,
  "enforce_business_contracts_exist": false,
  "link_account_to_business_with_contract": false,
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
  "historical_statement_single_billing_document_identifier": false,
  "debt_collection_agencies": [
    "Northgate Recoveries Ltd",
    "Pennine Credit Management",
    "Harbour Debt Solutions",
    "Meridian Collections Ltd",
    "Debt R Us"
  ],
  "cais_references_supported": true,
  "payment_plan_strategies": [
    "STANDARD_INSTALMENTS",
    "SEASONAL_INSTALMENTS",
    "DEBT_PLUS_USAGE"
  ],
  "payment_plan_ledger_code": "ENERGY",
  "standalone_payment_request_methods": [
    "PAYPOINT",
    "PAYZONE",
    "POST_OFFICE",
    "BANK_TRANSFER"
  ],
  "payment_day_of_month": {
    "min": 1,
    "max": 28
  },
  "fixed_payment_schedule_amount": {
    "min": 0,
    "max": null
  },
  "payment_adequacy_spread_months": 12,
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
      "description": "Careline or telecare system",
      "electricity_code": "08",
      "gas_code": "08",
      "temporary": false
    },
    {
      "description": "Medicine requires refrigeration",
      "electricity_code": "09",
      "gas_code": "09",
      "temporary": false
    },
    {
      "description": "Poor sense of smell or taste",
      "electricity_code": "12",
      "gas_code": "12",
      "temporary": false
    },
    {
      "description": "Pensionable age",
      "electricity_code": "14",
      "gas_code": "14",
      "temporary": false
    },
    {
      "description": "Physical impairment",
      "electricity_code": "15",
      "gas_code": "15",
      "temporary": false
    },
    {
      "description": "Unable to communicate in English",
      "electricity_code": "17",
      "gas_code": "17",
      "temporary": false
    },
    {
      "description": "Developmental condition",
      "electricity_code": "18",
      "gas_code": "18",
      "temporary": false
    },
    {
      "description": "Unable to answer the door",
      "electricity_code": "19",
      "gas_code": "19",
      "temporary": false
    },
    {
      "description": "Dementia",
      "electricity_code": "20",
      "gas_code": "20",
      "temporary": false
    },
    {
      "description": "Chronic or serious illness",
      "electricity_code": "22",
      "gas_code": "22",
      "temporary": false
    },
    {
      "description": "Mental health condition",
      "electricity_code": "23",
      "gas_code": "23",
      "temporary": false
    },
    {
      "description": "Restricted hand movement",
      "electricity_code": "24",
      "gas_code": "24",
      "temporary": false
    },
    {
      "description": "Blind",
      "electricity_code": "25",
      "gas_code": "25",
      "temporary": false
    },
    {
      "description": "Partially sighted",
      "electricity_code": "26",
      "gas_code": "26",
      "temporary": false
    },
    {
      "description": "Hearing impairment",
      "electricity_code": "27",
      "gas_code": "27",
      "temporary": false
    },
    {
      "description": "Speech impairment",
      "electricity_code": "28",
      "gas_code": "28",
      "temporary": false
    },
    {
      "description": "Families with young children 5 or under",
      "electricity_code": "29",
      "gas_code": "29",
      "temporary": true
    },
    {
      "description": "Water dependent",
      "electricity_code": "30",
      "gas_code": "30",
      "temporary": false
    },
    {
      "description": "Stair lift, hoist or electric bed",
      "electricity_code": "31",
      "gas_code": "31",
      "temporary": false
    },
    {
      "description": "Temporary - life changes",
      "electricity_code": "32",
      "gas_code": "32",
      "temporary": true
    },
    {
      "description": "Temporary - post hospital recovery",
      "electricity_code": "33",
      "gas_code": "33",
      "temporary": true
    },
    {
      "description": "Temporary - young adult householder",
      "electricity_code": "34",
      "gas_code": "34",
      "temporary": true
    },
    {
      "description": "Additional presence preferred",
      "electricity_code": "35",
      "gas_code": "35",
      "temporary": false
    },
    {
      "description": "Medically dependent showering or bathing",
      "electricity_code": "36",
      "gas_code": "36",
      "temporary": false
    },
    {
      "description": "Oxygen use",
      "electricity_code": "37",
      "gas_code": "37",
      "temporary": false
    }
  ],
  "customer_detail_namespaces": [
    {
      "namespace": "external_user_id",
      "type": "string",
      "unique": true
    },
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
  "exclusive_customer_roles": [
    "EXECUTOR"
  ],
  "sends_registration_flows": true,
  "market_participants": [
    {
      "mpid": "DEMO",
      "name": "Demo Energy",
      "market": "ELECTRICITY",
      "roles": [
        "SUPPLIER"
      ]
    },
    {
      "mpid": "TENT",
      "name": "Tentacle Energy",
      "market": "ELECTRICITY",
      "roles": [
        "SUPPLIER"
      ]
    },
    {
      "mpid": "EXEN",
      "name": "Example Energy Supply",
      "market": "ELECTRICITY",
      "roles": [
        "SUPPLIER"
      ]
    },
    {
      "mpid": "MOPS",
      "name": "Metering Operations Services",
      "market": "ELECTRICITY",
      "roles": [
        "MOP"
      ]
    },
    {
      "mpid": "UDMS",
      "name": "United Data Collection Services",
      "market": "ELECTRICITY",
      "roles": [
        "DC",
        "DA"
      ]
    },
    {
      "mpid": "SMRT",
      "name": "Smart Metering Services",
      "market": "ELECTRICITY",
      "roles": [
        "MOP",
        "DC",
        "DA"
      ]
    },
    {
      "mpid": "DEM",
      "name": "Demo Energy",
      "market": "GAS",
      "roles": [
        "SUPPLIER"
      ]
    },
    {
      "mpid": "TEN",
      "name": "Tentacle Energy",
      "market": "GAS",
      "roles": [
        "SUPPLIER"
      ]
    },
    {
      "mpid": "DES",
      "name": "Demo Energy Shipping",
      "market": "GAS",
      "roles": [
        "SHIPPER"
      ]
    },
    {
      "mpid": "TCL",
      "name": "Tentacle Gas Shipping",
      "market": "GAS",
      "roles": [
        "SHIPPER"
      ]
    },
    {
      "mpid": "CGA",
      "name": "Central Gas Asset Management",
      "market": "GAS",
      "roles": [
        "MAM"
      ]
    },
    {
      "mpid": "GMA",
      "name": "Gas Meter Asset Services",
      "market": "GAS",
      "roles": [
        "MAM",
        "MAP"
      ]
    }
  ],
  "agent_contract_references": [
    {
      "mpid": "MOPS",
      "role": "MOP",
      "reference": "MOPS21NHH",
      "service_reference": "NHH",
      "service_level_reference": "STD"
    },
    {
      "mpid": "UDMS",
      "role": "DC",
      "reference": "UDMS22DC",
      "service_reference": "NHH",
      "service_level_reference": "STD"
    },
    {
      "mpid": "UDMS",
      "role": "DC",
      "reference": "UDMS22DC",
      "service_reference": "SMRT",
      "service_level_reference": "STD"
    },
    {
      "mpid": "UDMS",
      "role": "DA",
      "reference": "UDMS22DA",
      "service_reference": "NHH",
      "service_level_reference": "STD"
    },
    {
      "mpid": "SMRT",
      "role": "MOP",
      "reference": "SMRT23MOP",
      "service_reference": "SMRT",
      "service_level_reference": "PREM"
    },
    {
      "mpid": "SMRT",
      "role": "DC",
      "reference": "SMRT23DC",
      "service_reference": "SMRT",
      "service_level_reference": "PREM"
    },
    {
      "mpid": "SMRT",
      "role": "DA",
      "reference": "SMRT23DA",
      "service_reference": "SMRT",
      "service_level_reference": "PREM"
    },
    {
      "mpid": "MOPS",
      "role": "MOP",
      "reference": "MOPS17NHH",
      "service_reference": "NHH",
      "service_level_reference": "STD",
      "active_from": "2017-04-01",
      "active_to": "2021-03-31"
    }
  ],
  "skip_supply_point_creation": false,
  "skip_property_creation": false,
  "send_registration_flows": true
};

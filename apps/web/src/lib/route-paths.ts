/**
 * Named routes of spec 000 §2.3 that exist in the app today. The sidebar shows an entry only when
 * its path is registered here, so later features appear as they land (never a dead link).
 */
export const paths = {
  Login: '/login',
  Signup: '/signup',
  ForgotPassword: '/forgot-password',
  PartnerSignup: '/partner/signup/:email',
  PartnerLogin: '/partner/login',
  Components: '/components',
  Dashboard: '/dashboard',
  CompanyInfo: '/company-info',
  AllStores: '/all-stores',
  AddStore: '/add-store',
  UserRoles: '/user-roles',
  ExistingRoles: '/existing-roles',
  ManageRoles: '/manage-roles-permissions',
  UserSettings: '/user-settings',
  EmployeeDetails: '/employee-details-user',
  EditEmployee: '/edit-employee-details-user',
  RoleDetails: '/employee-details-role',
  AppSettings: '/settings',
  Security: '/security',
  SecurityDevices: '/security/devices',
  SecurityOtpToggle: '/security/otptoggle',
  InventoryTab: '/inventory/stock-dashboard',
  StockAdjustment: '/inventory/stock-adjustment',
  InventoryTransfer: '/inventory/inventory-transfer',
  StockCount: '/inventory/stock-count',
  Products: '/products',
  ProductsTab: '/productsinventory/myproducts',
  AddProduct: '/add-product',
  EditProduct: '/productsinventory/edit-product/:id',
  Categories: '/categories',
  BulkUpload: '/bulk-products-upload',
  UploadedBatches: '/uploaded-batches',
  UploadFailed: '/products-upload-failed/:batchNumber',
  PrintLabel: '/print-label',
  Pos: '/pos',
  Registers: '/registers',
  Customers: '/customers',
  CustomerLoyalty: '/customer-loyalty',
  SalesHistory: '/sales-history',
  SalesDetails: '/sales-details/:id',
  SalesReport: '/sales-report',
  SyncSettings: '/syncsettings',
  PaymentMethod: '/payment-methods',
  Payments: '/payments',
  Payouts: '/payments/payouts',
  PayoutDetails: '/payments/payout-details/:payoutId',
  FixedAccount: '/fixed-account',
  AddAccount: '/add-account',
  SettlementAccount: '/settlement-preference',
  SettlementPinManagement: '/settlement-preference/pin-management',
  SettlementConfirmPassword: '/settlement-preference/confirm-password',
  SettlementConfirmPin: '/settlement-preference/confirm-pin',
  AddSettlementPreference: '/settlement-preference/add-settlement-preference',
  BusinessSettlement: '/settlement-preference/business-settlement',
  StoreSettlement: '/settlement-preference/store-settlement',
  SalesAgent: '/sales-agent',
  Invoices: '/invoices',
  AddInvoice: '/add-invoice',
  InvoiceDetails: '/invoice-details',
  ViewInvoice: '/view-invoice',
  OnlineCatalogue: '/online-catalogue',
  Orders: '/orders',
  OrderDetails: '/order-details/:id',
  AddPayment: '/add-payment/:id',
} as const;

export type RouteName = keyof typeof paths;
export const registeredPaths: ReadonlySet<string> = new Set(Object.values(paths));

/**
 * The sale's details page, once the sales history feature has registered /sales-details/{id};
 * null until then, so the screens that link to a sale never show a dead link.
 */
export const saleDetailsPath = (saleId: string): string | null =>
  registeredPaths.has(paths.SalesDetails) ? paths.SalesDetails.replace(':id', saleId) : null;

/** One payout's page. */
export const payoutDetailsPath = (payoutId: string): string =>
  paths.PayoutDetails.replace(':payoutId', payoutId);

/** One invoice's page (`/invoice-details?id=`). */
export const invoiceDetailsPath = (invoiceId: string): string =>
  `${paths.InvoiceDetails}?id=${encodeURIComponent(invoiceId)}`;

/** One online order's page. */
export const orderDetailsPath = (orderId: string): string =>
  paths.OrderDetails.replace(':id', encodeURIComponent(orderId));

/** Recording a payment for an online order. */
export const addOrderPaymentPath = (orderId: string): string =>
  paths.AddPayment.replace(':id', encodeURIComponent(orderId));

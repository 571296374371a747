import { Schema } from "effect"
import { Pagination } from "./Pagination.js"
import type { Organization } from "./Records.js"
import { Permission } from "./Repository.js"

/**
 * The original API's organization resources (listOrganizations, getOrganization). Tidemark knows
 * an organization by provider and name only: its `remoteIdentifier` is its name, it is never a
 * personal account, logs in through no provider and has no DAST or SCA product.
 */

const Int64 = Schema.Int.annotations({ jsonSchema: { type: "integer", format: "int64" } })

export const OrganizationType = Schema.Literal("Account", "Organization")
export const JoinStatus = Schema.Literal("member", "pendingMember", "remoteMember")
export const UserRole = Schema.Literal("admin", "manager", "member")
export type UserRole = typeof UserRole.Type

export class OrganizationInfo extends Schema.Class<OrganizationInfo>("OrganizationInfo")({
  identifier: Schema.optional(Int64),
  remoteIdentifier: Schema.String,
  name: Schema.String,
  avatar: Schema.optional(Schema.String),
  provider: Schema.String,
  type: OrganizationType,
  joinStatus: Schema.optional(JoinStatus),
  singleProviderLogin: Schema.Boolean,
  hasDastAccess: Schema.Boolean,
  hasScaEnabled: Schema.Boolean
}) {}

export class Membership extends Schema.Class<Membership>("Membership")({ userRole: UserRole }) {}

export const CodacyProduct = Schema.Literal("quality", "coverage")

export class ProductSubscription extends Schema.Class<ProductSubscription>("ProductSubscription")({
  product: CodacyProduct
}) {}

export class OrganizationWithMeta extends Schema.Class<OrganizationWithMeta>("OrganizationWithMeta")({
  organization: OrganizationInfo,
  membership: Membership,
  analysisConfigurationMinimumPermission: Permission,
  subscriptions: Schema.Array(ProductSubscription)
}) {}

export class OrganizationListResponse extends Schema.Class<OrganizationListResponse>("OrganizationListResponse")({
  data: Schema.Array(OrganizationInfo),
  pagination: Schema.optional(Pagination)
}) {}

/** A token of the organization is a member of it; the installation admin is not (`joinStatus` left out). */
export const organizationInfoOf = (organization: Organization, member: boolean): OrganizationInfo =>
  OrganizationInfo.make({
    identifier: organization.id,
    remoteIdentifier: organization.name,
    name: organization.name,
    provider: organization.provider,
    type: "Organization",
    ...(member ? { joinStatus: "member" as const } : {}),
    singleProviderLogin: false,
    hasDastAccess: false,
    hasScaEnabled: false
  })

/**
 * addOrganization's body. Tidemark knows an organization by provider and name: `remoteIdentifier`
 * and `products` are read and not kept (every organization has both products), and every
 * organization is of type `Organization` (there are no personal accounts).
 */
export class AddOrganizationBody extends Schema.Class<AddOrganizationBody>("AddOrganizationBody")({
  provider: Schema.String,
  remoteIdentifier: Schema.String,
  name: Schema.String,
  type: OrganizationType,
  products: Schema.optional(Schema.Array(CodacyProduct))
}) {}

export class AddOrganizationResponse extends Schema.Class<AddOrganizationResponse>("AddOrganizationResponse")({
  organization: OrganizationInfo,
  warnings: Schema.optional(Schema.Array(Schema.String))
}) {}

/** joinOrganization's answer: the organization and the caller's membership of it. */
export class JoinResponse extends Schema.Class<JoinResponse>("JoinResponse")({
  organizationIdentifier: Int64,
  joinStatus: JoinStatus
}) {}

/**
 * The caller's role: an admin token (or the installation admin) administers the organization, any
 * other token is a member. Configuring analysis (tools, patterns) takes a token that may write;
 * both products (quality and coverage) come with every installation.
 */
export const organizationWithMetaOf = (organization: Organization, role: UserRole, member: boolean): OrganizationWithMeta =>
  OrganizationWithMeta.make({
    organization: organizationInfoOf(organization, member),
    membership: Membership.make({ userRole: role }),
    analysisConfigurationMinimumPermission: "write",
    subscriptions: [ProductSubscription.make({ product: "quality" }), ProductSubscription.make({ product: "coverage" })]
  })

/**
 * getUser: the token's owner as a user. Tidemark has tokens, not accounts: the user is the token
 * (its id as its name, the admin token's `admin`), with no e-mail address, active, created when
 * the token was; `id` is a number derived from the token's id, the same at every call.
 */
export class User extends Schema.Class<User>("User")({
  id: Schema.Number,
  name: Schema.optional(Schema.String),
  mainEmail: Schema.String,
  otherEmails: Schema.Array(Schema.String),
  isAdmin: Schema.Boolean,
  isActive: Schema.Boolean,
  created: Schema.String
}) {}

export class UserResponse extends Schema.Class<UserResponse>("UserResponse")({ data: User }) {}

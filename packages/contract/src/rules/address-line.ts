// A saved delivery address on one line (docs/accounts.md#address-book): the checkout's list of saved addresses and
// the profile's address book name it alike.

export interface AddressParts {
  firstName: string;
  lastName: string;
  doorNo: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

export function addressLine(a: AddressParts): string {
  return `${a.firstName} ${a.lastName}, ${a.doorNo}, ${a.address}, ${a.city}, ${a.state} ${a.pincode}`;
}

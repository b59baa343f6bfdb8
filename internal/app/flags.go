package app

import (
	"errors"
	"flag"
	"fmt"

	"carta/internal/demo"
)

// commandFlags are the flags of the commands that have flags of their
// own; they are parsed with the configuration's flags, in one flag.FlagSet
// (config.LoadWith), so `--name value`, `--name=value` and `-name value`
// all work and `carta <command> -h` lists them.
type commandFlags struct {
	email, password string            // create-superadmin
	scale           demo.ScaleOptions // seed-scale
	from            string            // media migrate
}

// scaleCounts are seed-scale's flags and where each goes.
func (f *commandFlags) scaleCounts() []struct {
	name, help string
	dst        *int
} {
	o := &f.scale
	return []struct {
		name, help string
		dst        *int
	}{
		{"restaurants", "restaurants added", &o.Restaurants},
		{"products", "products per restaurant", &o.Products},
		{"offers", "coupon offers per restaurant", &o.Offers},
		{"days", "days of history", &o.Days},
		{"orders-per-day", "paid pickup orders per restaurant per day", &o.OrdersPerDay},
		{"coupons-sold", "vouchers sold per restaurant over the history", &o.CouponsSold},
		{"diners", "diner accounts shared by all the restaurants", &o.Diners},
	}
}

// define adds the flags of cmd to fs.
func (f *commandFlags) define(cmd string) func(*flag.FlagSet) {
	switch cmd {
	case "create-superadmin":
		return func(fs *flag.FlagSet) {
			fs.StringVar(&f.email, "email", "", "the super admin's e-mail address")
			fs.StringVar(&f.password, "password", "", "the super admin's password (at least 8 characters)")
		}
	case "seed-scale":
		f.scale = demo.DefaultScale
		return func(fs *flag.FlagSet) {
			for _, c := range f.scaleCounts() {
				fs.IntVar(c.dst, c.name, *c.dst, c.help)
			}
		}
	case "media migrate":
		return func(fs *flag.FlagSet) {
			fs.StringVar(&f.from, "from", "", "the local media folder to copy (default <data dir>/media)")
		}
	}
	return nil
}

// check validates the parsed flags of cmd.
func (f *commandFlags) check(cmd string) error {
	if cmd != "seed-scale" {
		return nil
	}
	for _, c := range f.scaleCounts() {
		if *c.dst < 0 {
			return fmt.Errorf("seed-scale: --%s: %d is not a count", c.name, *c.dst)
		}
	}
	if f.scale.Diners == 0 && (f.scale.CouponsSold > 0 || f.scale.OrdersPerDay > 0) {
		return errors.New("seed-scale: --diners must be at least 1")
	}
	return nil
}

def receipt(cart):
    return "Total: %.2f" % cart.total()
